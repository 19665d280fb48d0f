/// A kind of place people look for along a route, as they name it (`--kind park,fuel`).
///
/// One name may stand for several kinds in the data: `town` for the built-in towns and an import's
/// cities and villages, `camp` for camp and caravan sites. Kinds only an OpenStreetMap import holds
/// (`needsImport`) are looked for only where a region was imported, and a search says so.
public struct AlongKind: Hashable, Sendable {
    public let name: String
    /// The kinds of the places' rows this name stands for.
    public let dataKinds: Set<String>
    /// Whether only an imported OpenStreetMap extract knows places of this kind.
    public let needsImport: Bool

    init(_ name: String, _ dataKinds: Set<String>? = nil, needsImport: Bool = false) {
        self.name = name
        self.dataKinds = dataKinds ?? [name]
        self.needsImport = needsImport
    }

    /// The row kind of a built-in town.
    public static let townDataKind = "town"

    /// Every kind, in the order `--kind` lists them.
    public static let all: [AlongKind] = [
        AlongKind("park"), AlongKind("sight", ["sight", "landmark"]), AlongKind("castle"), AlongKind("museum"),
        AlongKind("viewpoint"), AlongKind("peak", ["peak", "volcano"]), AlongKind("pass"), AlongKind("canyon"),
        AlongKind("lake"), AlongKind("waterfall"), AlongKind("beach"), AlongKind("cave"), AlongKind("glacier"),
        AlongKind("fjord"), AlongKind("road"),
        AlongKind("fuel", needsImport: true), AlongKind("charging", needsImport: true),
        AlongKind("lodging", needsImport: true), AlongKind("camp", ["camp site"], needsImport: true),
        AlongKind("food", needsImport: true),
        AlongKind("town", ["town", "city", "village", "hamlet"])
    ]

    /// What a search looks for when no kind is named: everything but towns, which would bury the rest.
    public static let standard: [AlongKind] = all.filter { $0.name != "town" }

    /// Other words people type for a kind.
    static let synonyms: [String: String] = [
        "sights": "sight", "landmark": "sight", "attraction": "sight", "volcano": "peak", "mountain": "peak",
        "gas": "fuel", "petrol": "fuel", "diesel": "fuel", "ev": "charging", "charger": "charging",
        "hotel": "lodging", "motel": "lodging", "hostel": "lodging", "sleep": "lodging",
        "camp site": "camp", "campsite": "camp", "camping": "camp", "caravan": "camp",
        "restaurant": "food", "cafe": "food", "eat": "food", "city": "town", "village": "town"
    ]

    /// The kind named `word` ("parks", "Gas", "camp site"); nil for a word no kind goes by.
    public static func named(_ word: String) -> AlongKind? {
        let w = word.trimmingCharacters(in: .whitespaces).lowercased()
        func find(_ name: String) -> AlongKind? { all.first { $0.name == name } ?? synonyms[name].flatMap(find) }
        return find(w) ?? (w.hasSuffix("s") ? find(String(w.dropLast())) : nil)
    }

    /// The kinds of a comma list ("park,sight"): "all" is every kind, an empty list the standard ones.
    /// Fails naming the first word that is no kind, with every kind there is.
    public static func list(_ text: String) -> Result<[AlongKind], AlongKindError> {
        var kinds: [AlongKind] = []
        for word in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !word.isEmpty {
            if word.lowercased() == "all" { return .success(all) }
            guard let kind = named(word) else { return .failure(AlongKindError(word: word)) }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return .success(kinds.isEmpty ? standard : kinds)
    }

    /// The name a row of `dataKind` is shown with ("camp" for a camp site, "town" for a village).
    public static func shownName(ofDataKind dataKind: String) -> String {
        all.first { $0.dataKinds.contains(dataKind) }?.name ?? dataKind
    }
}

/// A word given as a kind that is none.
public struct AlongKindError: Error, Equatable, Sendable, CustomStringConvertible {
    public let word: String

    public var description: String {
        "“\(PlainText.line(word))” is not a kind of place; the kinds are "
            + AlongKind.all.map(\.name).joined(separator: ", ") + " (or all)."
    }
}
