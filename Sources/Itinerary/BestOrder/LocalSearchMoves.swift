/// The two moves of the descent, each tried between a stop and its nearest neighbours only.
extension LocalSearch {
    /// Reverses a stretch so that `a` becomes joined to one of its neighbours; false when no such
    /// reversal shortens the path.
    ///
    /// Removing path[i] → path[i+1] and path[j] → path[j+1] (i < j) and reversing path[i+1…j]
    /// joins path[i] to path[j] and path[i+1] to path[j+1]. The first and last stops never move.
    mutating func twoOpt(_ a: Int) -> Bool {
        let pa = pos[a]
        // a's edge to its successor goes, and a is joined to c.
        if pa <= n - 2 {
            let removed = costs.symmetric(a, path[pa + 1])
            for slot in 0..<near.k {
                work &+= 1
                let c = near[a, slot]
                if costs.symmetric(a, c) >= removed { break }
                let pc = pos[c]
                let (i, j) = pa < pc ? (pa, pc) : (pc, pa)
                if j - i < 2 || j > n - 2 { continue }
                if tryTwoOpt(i, j) { return true }
            }
        }
        // a's edge from its predecessor goes, and a is joined to c.
        if pa >= 1 {
            let removed = costs.symmetric(path[pa - 1], a)
            for slot in 0..<near.k {
                work &+= 1
                let c = near[a, slot]
                if costs.symmetric(a, c) >= removed { break }
                let pc = pos[c]
                if pc == 0 { continue }
                let (i, j) = pa < pc ? (pa - 1, pc - 1) : (pc - 1, pa - 1)
                if j - i < 2 { continue }
                if tryTwoOpt(i, j) { return true }
            }
        }
        return false
    }

    private mutating func tryTwoOpt(_ i: Int, _ j: Int) -> Bool {
        let a = path[i], b = path[i + 1], c = path[j], d = path[j + 1]
        let delta = costs[a, c] + costs[b, d] - costs[a, b] - costs[c, d] + reversalExtra(i + 1, j)
        guard delta < -epsilon else { return false }
        path[(i + 1)...j].reverse()
        currentCost += delta
        changed(i + 1, j)
        enqueue(a)
        enqueue(b)
        enqueue(c)
        enqueue(d)
        return true
    }

    /// Moves a stretch of 1 to 3 stops that begins or ends at `a` next to one of a's neighbours,
    /// forwards or reversed; false when no such move shortens the path.
    mutating func orOpt(_ a: Int) -> Bool {
        let pa = pos[a]
        for length in 1...3 {
            for end in 0..<(length == 1 ? 1 : 2) {
                let s = end == 0 ? pa : pa - length + 1
                let e = s + length - 1
                guard s >= 1, e <= n - 2 else { continue }
                if tryOrOpt(a, s, e) { return true }
            }
        }
        return false
    }

    private mutating func tryOrOpt(_ a: Int, _ s: Int, _ e: Int) -> Bool {
        let f = path[s], l = path[e], before = path[s - 1], after = path[e + 1]
        let gain = costs[before, f] + costs[l, after] - costs[before, after]
        guard gain > epsilon else { return false }
        let flipExtra = reversalExtra(s, e)
        for slot in 0..<near.k {
            work &+= 1
            let c = near[a, slot]
            if costs.symmetric(a, c) >= gain { break }
            let pc = pos[c]
            if pc >= s && pc <= e { continue }
            // Between c's predecessor and c, or between c and its successor.
            for q in (pc - 1)...pc {
                guard q >= 0, q <= n - 2, q <= s - 2 || q >= e + 1 else { continue }
                let x = path[q], y = path[q + 1]
                let bridge = costs[x, y]
                let straight = costs[x, f] + costs[l, y] - bridge - gain
                let flipped = costs[x, l] + costs[f, y] - bridge + flipExtra - gain
                if straight < -epsilon && straight <= flipped {
                    move(s, e, after: q, reversed: false, delta: straight)
                } else if flipped < -epsilon {
                    move(s, e, after: q, reversed: true, delta: flipped)
                } else {
                    continue
                }
                enqueue(before)
                enqueue(after)
                enqueue(f)
                enqueue(l)
                enqueue(x)
                enqueue(y)
                return true
            }
        }
        return false
    }

    /// Takes path[s…e] out and puts it back between path[q] and path[q + 1].
    private mutating func move(_ s: Int, _ e: Int, after q: Int, reversed: Bool, delta: Double) {
        let length = e - s + 1
        var stretch = (path[s], length > 1 ? path[s + 1] : 0, length > 2 ? path[s + 2] : 0)
        if reversed {
            stretch = length == 1 ? stretch : length == 2 ? (stretch.1, stretch.0, 0) : (stretch.2, stretch.1, stretch.0)
        }
        let at: Int
        if q < s {
            for k in stride(from: s - 1, through: q + 1, by: -1) { path[k + length] = path[k] }
            at = q + 1
        } else {
            for k in (e + 1)...q { path[k - length] = path[k] }
            at = q - length + 1
        }
        path[at] = stretch.0
        if length > 1 { path[at + 1] = stretch.1 }
        if length > 2 { path[at + 2] = stretch.2 }
        currentCost += delta
        q < s ? changed(q + 1, e) : changed(s, q)
    }
}
