/// A segment tree over place rows answering "which position in this range holds the
/// smallest row" in O(log n).
///
/// Rows are ordered by population, largest first, so the smallest row is the largest
/// place: taking the k smallest rows of a range of keys gives the k best matches without
/// visiting the (possibly 100,000) keys that share a one-letter prefix.
struct MinTree: Sendable {
    private let count: Int
    /// tree[count + i] = rows[i]; tree[i] = min of its two children.
    private let tree: [UInt32]

    init(rows: [UInt32]) {
        count = rows.count
        var tree = [UInt32](repeating: .max, count: max(2 * rows.count, 2))
        tree.withUnsafeMutableBufferPointer { t in
            for (i, row) in rows.enumerated() { t[rows.count + i] = row }
            var i = rows.count - 1
            while i >= 1 {
                t[i] = min(t[2 * i], t[2 * i + 1])
                i -= 1
            }
        }
        self.tree = tree
    }

    /// The row at `position`.
    func value(at position: Int) -> UInt32 { tree[count + position] }

    /// The position in `lo..<hi` (not empty) holding the smallest row.
    func minPosition(_ lo: Int, _ hi: Int) -> Int {
        tree.withUnsafeBufferPointer { t in
            var best = UInt32.max, bestNode = -1
            var l = lo + count, r = hi + count
            while l < r {
                if l & 1 == 1 {
                    if t[l] < best {
                        best = t[l]
                        bestNode = l
                    }
                    l += 1
                }
                if r & 1 == 1 {
                    r -= 1
                    if t[r] < best {
                        best = t[r]
                        bestNode = r
                    }
                }
                l >>= 1
                r >>= 1
            }
            var node = bestNode
            while node < count {
                node = t[2 * node] == best ? 2 * node : 2 * node + 1
            }
            return node - count
        }
    }
}
