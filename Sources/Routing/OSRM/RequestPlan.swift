/// Which requests fetch a set of missing legs.
///
/// Leg i joins stops i and i+1, so a run of consecutive missing legs `a..<b` is one request for
/// stops `a...b`. Runs longer than the server's coordinate limit are split into chunks that share
/// their boundary stop, so no leg is lost between two requests.
enum RequestPlan {
    /// The leg ranges to request, in order, for the missing legs (any order, duplicates allowed).
    static func chunks(missing: [Int], maxCoordinates: Int) -> [Range<Int>] {
        let maxLegs = max(1, maxCoordinates - 1)
        var runs: [Range<Int>] = []
        for leg in Set(missing).sorted() {
            if let last = runs.last, last.upperBound == leg {
                runs[runs.count - 1] = last.lowerBound..<(leg + 1)
            } else {
                runs.append(leg..<(leg + 1))
            }
        }
        return runs.flatMap { run in
            stride(from: run.lowerBound, to: run.upperBound, by: maxLegs).map { start in
                start..<min(start + maxLegs, run.upperBound)
            }
        }
    }

    /// Two halves of a chunk of at least two legs, sharing the middle stop: when a server cannot
    /// route a chunk, halving finds the legs it can route in a logarithmic number of requests.
    static func halves(_ chunk: Range<Int>) -> (Range<Int>, Range<Int>) {
        let middle = chunk.lowerBound + chunk.count / 2
        return (chunk.lowerBound..<middle, middle..<chunk.upperBound)
    }
}
