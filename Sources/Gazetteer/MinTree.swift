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
        for (i, row) in rows.enumerated() { tree[rows.count + i] = row }
        var i = rows.count - 1
        while i >= 1 {
            tree[i] = min(tree[2 * i], tree[2 * i + 1])
            i -= 1
        }
        self.tree = tree
    }

    /// The position in `lo..<hi` holding the smallest row (the first such when tied).
    func minPosition(_ lo: Int, _ hi: Int) -> Int {
        var best = UInt32.max, bestNode = -1
        var l = lo + count, r = hi + count
        var rightNodes: [Int] = []
        // Left boundary nodes come in position order; right ones in reverse order.
        while l < r {
            if l & 1 == 1 {
                if tree[l] < best { best = tree[l]; bestNode = l }
                l += 1
            }
            if r & 1 == 1 {
                r -= 1
                rightNodes.append(r)
            }
            l >>= 1
            r >>= 1
        }
        for node in rightNodes.reversed() where tree[node] < best {
            best = tree[node]
            bestNode = node
        }
        var node = bestNode
        while node < count {
            node = tree[2 * node] == best ? 2 * node : 2 * node + 1
        }
        return node - count
    }

    /// The `k` smallest distinct rows in `lo..<hi`, smallest first, skipping rows in `skip`
    /// (already taken by a better tier).
    func smallestRows(_ lo: Int, _ hi: Int, k: Int, rows: [UInt32], skip: Set<UInt32>) -> [UInt32] {
        guard lo < hi, k > 0 else { return [] }
        var ranges: [(row: UInt32, pos: Int, lo: Int, hi: Int)] = []
        func push(_ a: Int, _ b: Int) {
            guard a < b else { return }
            let p = minPosition(a, b)
            ranges.append((rows[p], p, a, b))
        }
        push(lo, hi)
        var found: [UInt32] = []
        var seen = skip
        while found.count < k, !ranges.isEmpty {
            var best = 0
            for i in 1..<ranges.count where ranges[i].row < ranges[best].row { best = i }
            let r = ranges.swapRemoveAt(best)
            if seen.insert(r.row).inserted { found.append(r.row) }
            push(r.lo, r.pos)
            push(r.pos + 1, r.hi)
        }
        return found
    }
}

extension Array {
    /// Removes the element at `i` in O(1) by moving the last element into its place.
    fileprivate mutating func swapRemoveAt(_ i: Int) -> Element {
        swapAt(i, count - 1)
        return removeLast()
    }
}
