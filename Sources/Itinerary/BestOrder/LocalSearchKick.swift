/// The perturbation of the iterated local search: a small double bridge.
extension LocalSearch {
    /// The longest stretch a kick moves: small kicks keep the repair local and cheap (30 to 60 did
    /// best in the benchmark).
    static let kickStretch = 60

    /// Swaps two neighbouring stretches of at most `kickStretch` stops each: A B C D → A C B D, a
    /// jump 2-opt and Or-opt cannot undo in one move. (Cuts next to stops near one another in space,
    /// however far apart on the path, did worse in the benchmark.)
    mutating func kick() {
        let longest = min(Self.kickStretch, (n - 2) / 2)
        let lengthB = 1 + Int(random.next() % UInt64(longest))
        let lengthC = 1 + Int(random.next() % UInt64(longest))
        let q1 = Int(random.next() % UInt64(n - 1 - lengthB - lengthC))
        bridge(q1, q1 + lengthB, q1 + lengthB + lengthC)
    }

    /// Cuts after path[q1], path[q2] and path[q3] (q1 < q2 < q3 ≤ n − 2) and swaps the stretches
    /// between: path[q1+1…q2] and path[q2+1…q3].
    private mutating func bridge(_ q1: Int, _ q2: Int, _ q3: Int) {
        let a = path[q1], b0 = path[q1 + 1], bLast = path[q2]
        let c0 = path[q2 + 1], cLast = path[q3], d = path[q3 + 1]
        currentCost +=
            costs[a, c0] + costs[cLast, b0] + costs[bLast, d]
            - costs[a, b0] - costs[bLast, c0] - costs[cLast, d]
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: path[(q2 + 1)...q3])
        scratch.append(contentsOf: path[(q1 + 1)...q2])
        for (offset, stop) in scratch.enumerated() { path[q1 + 1 + offset] = stop }
        changed(q1 + 1, q3)
        enqueue(a)
        enqueue(b0)
        enqueue(bLast)
        enqueue(c0)
        enqueue(cLast)
        enqueue(d)
    }
}
