import Foundation

/// The kinds of road a route may be asked to stay off: motorways, tolls, ferries.
///
/// A trip keeps one (saved in the file as `"motorways,tolls"`), commands take one as
/// `--avoid motorways,tolls,ferries`, and a road router applies what its data allows
/// (`RouteResult.avoided` says what it did).
public struct RoadAvoidance: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let motorways = RoadAvoidance(rawValue: 1 << 0)
    public static let tolls = RoadAvoidance(rawValue: 1 << 1)
    public static let ferries = RoadAvoidance(rawValue: 1 << 2)

    /// Every kind, in the order they are named everywhere.
    public static let kinds: [(kind: RoadAvoidance, word: String)] = [
        (.motorways, "motorways"), (.tolls, "tolls"), (.ferries, "ferries")
    ]

    /// Reads "motorways,tolls" (any order, spaces allowed, singular words too); "" and "none"
    /// are nothing avoided. Nil for a word that names no kind.
    public init?(words text: String) {
        self = []
        for part in text.split(separator: ",") {
            let word = part.trimmingCharacters(in: .whitespaces).lowercased()
            if word.isEmpty || word == "none" { continue }
            guard let kind = Self.aliases[word] else { return nil }
            insert(kind)
        }
    }

    private static let aliases: [String: RoadAvoidance] = [
        "motorways": .motorways, "motorway": .motorways, "tolls": .tolls, "toll": .tolls,
        "ferries": .ferries, "ferry": .ferries
    ]

    /// The kinds' words in order ("motorways", "tolls").
    public var words: [String] { Self.kinds.filter { contains($0.kind) }.map(\.word) }

    /// "motorways,tolls": how the file and the options spell it; "" for nothing.
    public var listText: String { words.joined(separator: ",") }

    /// "motorways and tolls", "nothing": for sentences on screens and in printouts.
    public var sentenceText: String {
        let words = self.words
        switch words.count {
        case 0: return "nothing"
        case 1: return words[0]
        default: return words.dropLast().joined(separator: ", ") + " and " + words.last!
        }
    }

    /// The next setting in the planner's cycle: nothing, each kind alone, motorways and tolls, all.
    public var next: RoadAvoidance {
        let cycle: [RoadAvoidance] = [[], .motorways, .tolls, .ferries, [.motorways, .tolls], [.motorways, .tolls, .ferries]]
        let index = cycle.firstIndex(of: self) ?? -1
        return cycle[(index + 1) % cycle.count]
    }

    /// What to try when a router cannot avoid all of this: every subset, largest first, and among
    /// equals the one keeping the earlier kinds (motorways before tolls before ferries); the empty
    /// set last. The first is `self`.
    public var fallbacks: [RoadAvoidance] {
        let members = Self.kinds.map(\.kind).filter { contains($0) }
        var subsets: [[RoadAvoidance]] = [[]]
        for member in members { subsets += subsets.map { $0 + [member] } }
        return subsets.sorted { a, b in
            if a.count != b.count { return a.count > b.count }
            return a.map(\.rawValue).lexicographicallyPrecedes(b.map(\.rawValue))
        }
        .map { RoadAvoidance($0) }
    }
}

extension RoadAvoidance {
    /// The line every report prints under a route asked to avoid this: "Avoiding motorways",
    /// "Avoiding motorways (asked: motorways and tolls)", "Avoiding nothing (asked: tolls)".
    public func statement(applied: RoadAvoidance) -> String {
        "Avoiding \(applied.sentenceText)" + (applied == self ? "" : " (asked: \(sentenceText))")
    }

    /// What to tell the person when `router` could apply only `applied` of this: nil when it applied
    /// all of it. "OSRM 127.0.0.1:5000 cannot avoid motorways and tolls together: avoiding motorways only".
    public func shortfall(applied: RoadAvoidance, router: String) -> String? {
        guard applied != self, !isEmpty else { return nil }
        let taken = applied.isEmpty ? "avoiding nothing" : "avoiding \(applied.sentenceText) only"
        let together = words.count > 1 && !applied.isEmpty ? " together" : ""
        return "\(router) cannot avoid \(sentenceText)\(together): \(taken)"
    }
}
