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

/// What asking a road router for one chunk of legs came to.
enum ChunkAnswer {
    /// The legs were taken; `reasons` are what to tell of them (a leg the server placed oddly).
    case answered(reasons: [String])
    case failed(RouterFailure)
    /// Stop asking: the whole route must be asked again another way (OSRM refusing an exclusion).
    case giveUp
}

/// How a road router's failures read: whether one concerns only the stops asked (so halving the
/// chunk finds the legs it can route), and the words for a leg with no road.
struct ChunkFailures {
    var concernsOnlyTheseStops: (RouterFailure) -> Bool
    var noRoadRoute: (RouterFailure) -> String
}

extension RequestPlan {
    /// Asks for the `askable` legs chunk by chunk. A chunk that fails for its own stops is halved
    /// and asked again, down to one leg, which is then marked as having no road; a failure of the
    /// server itself (unreachable, slow, broken) ends the asking, since the other chunks would only
    /// wait longer. Returns the reasons to tell and the legs with no road; nil after `.giveUp`.
    static func ask(
        _ askable: [Int], maxCoordinates: Int, server: String, failures: ChunkFailures,
        fetch: (Range<Int>) async -> ChunkAnswer
    ) async -> (reasons: [String], noRoad: [Int: String])? {
        var reasons: [String] = []
        var noRoad: [Int: String] = [:]
        var queue = chunks(missing: askable, maxCoordinates: maxCoordinates)
        while !queue.isEmpty {
            let chunk = queue.removeFirst()
            switch await fetch(chunk) {
            case let .answered(more): reasons += more
            case .giveUp: return nil
            case let .failed(failure) where failures.concernsOnlyTheseStops(failure) && chunk.count > 1:
                let (first, second) = halves(chunk)
                queue.insert(contentsOf: [first, second], at: 0)
            case let .failed(failure):
                reasons.append(failure.reason(server: server))
                guard failures.concernsOnlyTheseStops(failure) else {
                    queue.removeAll()
                    continue
                }
                noRoad[chunk.lowerBound] = failures.noRoadRoute(failure)
            }
        }
        return (reasons, noRoad)
    }
}
