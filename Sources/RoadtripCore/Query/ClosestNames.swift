import Foundation

/// The names closest to what a person typed, for "did you mean": those that hold it (a word
/// begun, a part of the name), then those a few typos away, case and accents aside.
public enum ClosestNames {
    /// At most `limit` of `names`, closest first; none when nothing is close.
    public static func closest(to query: String, in names: [String], limit: Int = 5) -> [String] {
        let q = Array(fold(query).prefix(64))
        guard !q.isEmpty else { return [] }
        let allowed = max(1, q.count / 3)
        var scored: [(name: String, score: Int)] = []
        var seen = Set<String>()
        for name in names where seen.insert(name).inserted {
            let n = Array(fold(name).prefix(64))
            let score: Int
            if String(n).contains(String(q)) {
                score = 0
            } else {
                // A typo in the whole name, or in its start when only the start was typed.
                let typos = min(editDistance(q, n), editDistance(q, Array(n.prefix(q.count))))
                guard typos <= allowed else { continue }
                score = typos
            }
            scored.append((name, score))
        }
        return scored.sorted { ($0.score, $0.name.count, $0.name) < ($1.score, $1.name.count, $1.name) }.prefix(limit).map(\.name)
    }

    /// "“Alps”", "“Alps” or “Alpine loop”", "“A”, “B” or “C”": the names as a sentence names them.
    public static func sentence(_ names: [String]) -> String {
        let quoted = names.map { "“\($0)”" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + quoted[quoted.count - 1]
    }

    private static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).trimmingCharacters(in: .whitespaces)
    }

    /// The typos from `a` to `b`: insertions, deletions, substitutions and two letters swapped
    /// (Damerau–Levenshtein's optimal string alignment), each one typo.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
