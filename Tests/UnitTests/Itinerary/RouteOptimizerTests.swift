import Foundation
import Synchronization
import Testing
import RoadtripCore
@testable import Itinerary

@Suite struct RouteOptimizerTests {
    /// Random costs 1…1000, asymmetric unless `symmetric`.
    private func randomMatrix(_ n: Int, symmetric: Bool, using rng: inout SplitMix64) -> [[Double]] {
        var m = [[Double]](repeating: [Double](repeating: 0, count: n), count: n)
        for i in 0..<n {
            for j in 0..<n where i != j {
                if symmetric && j < i {
                    m[i][j] = m[j][i]
                    continue
                }
                m[i][j] = Double.random(in: 1...1000, using: &rng).rounded()
            }
        }
        return m
    }

    /// Points in a 1000 × 1000 square, Euclidean costs: the shape real road networks resemble.
    private func planarMatrix(_ n: Int, using rng: inout SplitMix64) -> [[Double]] {
        let points = (0..<n).map { _ in (Double.random(in: 0...1000, using: &rng), Double.random(in: 0...1000, using: &rng)) }
        return points.map { a in points.map { b in ((a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1)).squareRoot() } }
    }

    /// The best cost over every order of the middle stops.
    private func bruteForce(_ m: [[Double]]) -> Double {
        let n = m.count
        var middle = Array(1..<(n - 1))
        var best = Double.infinity
        func permute(_ k: Int) {
            if k == middle.count {
                let order = [0] + middle + [n - 1]
                best = min(best, zip(order, order.dropFirst()).reduce(0) { $0 + m[$1.0][$1.1] })
                return
            }
            for i in k..<middle.count {
                middle.swapAt(k, i)
                permute(k + 1)
                middle.swapAt(k, i)
            }
        }
        permute(0)
        return best
    }

    private func isValidOrder(_ order: [Int], _ n: Int) -> Bool {
        order.count == n && order.first == 0 && order.last == n - 1 && Set(order) == Set(0..<n)
    }

    @Test func exactMatchesBruteForceUpToNineStops() {
        var rng = SplitMix64(seed: 42)
        for n in 2...9 {
            for trial in 0..<(n <= 8 ? 60 : 6) {
                let m =
                    trial % 3 == 2 ? planarMatrix(n, using: &rng) : randomMatrix(n, symmetric: trial % 3 == 0, using: &rng)
                let result = RouteOptimizer.optimize(matrix: m)
                #expect(result.exact)
                #expect(isValidOrder(result.order, n), "n=\(n) trial=\(trial)")
                #expect(abs(result.cost - bruteForce(m)) < 1e-9, "n=\(n) trial=\(trial)")
                #expect(abs(result.cost - RouteOptimizer.cost(of: result.order, in: m)) < 1e-9)
            }
        }
    }

    /// The local search alone (as used above 16 stops), on small trips: never below the optimum,
    /// and at it on nearly every planar one, asymmetric costs included.
    @Test func heuristicAloneReachesBruteForceOnSmallTrips() {
        var rng = SplitMix64(seed: 99)
        var optimal = 0, trials = 0
        for n in 5...8 {
            for trial in 0..<15 {
                let m = trial % 2 == 0 ? planarMatrix(n, using: &rng) : randomMatrix(n, symmetric: false, using: &rng)
                let result = RouteOptimizer.heuristic(matrix: m, moves: 200_000)
                let best = bruteForce(m)
                #expect(isValidOrder(result.order, n))
                #expect(result.cost >= best - 1e-9)
                #expect(abs(result.cost - RouteOptimizer.cost(of: result.order, in: m)) < 1e-6)
                trials += 1
                if abs(result.cost - best) < 1e-6 { optimal += 1 }
            }
        }
        #expect(optimal >= trials * 9 / 10, "\(optimal) of \(trials) optimal")
    }

    @Test func heuristicFindsTheOptimumOnSmallPlanarInstances() {
        var rng = SplitMix64(seed: 7)
        var optimal = 0
        for _ in 0..<10 {
            let m = planarMatrix(9, using: &rng)
            let result = RouteOptimizer.heuristic(matrix: m)
            #expect(isValidOrder(result.order, 9))
            #expect(result.cost >= bruteForce(m) - 1e-9)
            if abs(result.cost - bruteForce(m)) < 1e-6 { optimal += 1 }
        }
        #expect(optimal >= 9)
    }

    /// Held–Karp up to 16 stops: never beaten by the local search given all the moves it wants.
    @Test(arguments: [12, 14, 16])
    func exactUpToSixteenStopsIsNeverBeaten(n: Int) {
        var rng = SplitMix64(seed: UInt64(100 + n))
        for trial in 0..<2 {
            let m = trial == 0 ? planarMatrix(n, using: &rng) : randomMatrix(n, symmetric: false, using: &rng)
            let exact = RouteOptimizer.optimize(matrix: m)
            #expect(exact.exact && isValidOrder(exact.order, n))
            #expect(exact.cost <= RouteOptimizer.heuristic(matrix: m, moves: .max).cost + 1e-9)
        }
    }

    @Test(arguments: [17, 20, 40, 100])
    func heuristicNeverWorsensTheOrderAndKeepsTheEnds(n: Int) {
        var rng = SplitMix64(seed: UInt64(n))
        for trial in 0..<4 {
            let m = trial % 2 == 0 ? planarMatrix(n, using: &rng) : randomMatrix(n, symmetric: false, using: &rng)
            let current = RouteOptimizer.cost(of: Array(0..<n), in: m)
            // The default budget is a second of a release build; a debug test run takes a slice of it.
            let result = n == 17 ? RouteOptimizer.optimize(matrix: m) : RouteOptimizer.heuristic(matrix: m, moves: 500_000)
            #expect(!result.exact)
            #expect(isValidOrder(result.order, n))
            #expect(result.cost <= current + 1e-9)
            #expect(abs(result.cost - RouteOptimizer.cost(of: result.order, in: m)) < 1e-6)
        }
    }

    /// A pair OSRM cannot route (null in its table) is avoided, and does not blunt the search elsewhere.
    @Test func anUnreachablePairIsAvoidedAndTheRestStillImproves() {
        var rng = SplitMix64(seed: 17)
        var far = planarMatrix(60, using: &rng)
        far[0][1] = 1e5
        far[1][0] = 1e5
        var unreachable = far
        unreachable[0][1] = .infinity
        unreachable[1][0] = .infinity
        // The trip's own order starts on the unreachable leg; the search leaves it and orders the rest
        // as well as when that leg is merely long.
        let result = RouteOptimizer.heuristic(matrix: unreachable, moves: 500_000)
        let reference = RouteOptimizer.heuristic(matrix: far, moves: 500_000)
        #expect(isValidOrder(result.order, 60))
        #expect(result.cost <= reference.cost * 1.02)
    }

    /// A large road-like table (each direction up to 10 % dearer): a rough pass on the mean of both
    /// directions, then the real costs; valid, the same twice, never worse than the start, and
    /// priced on the real (asymmetric) costs.
    @Test func aLargeAsymmetricTableGetsARoughPassThenThePolish() {
        var rng = SplitMix64(seed: 23)
        let n = RouteOptimizer.roughPassStops
        var m = planarMatrix(n, using: &rng)
        for i in 0..<n { for j in 0..<n where i != j { m[i][j] *= 1 + Double(rng.next() % 1000) / 10_000 } }
        let a = RouteOptimizer.heuristic(matrix: m, moves: 1_000_000)
        #expect(a == RouteOptimizer.heuristic(matrix: m, moves: 1_000_000))
        #expect(isValidOrder(a.order, n))
        #expect(abs(a.cost - RouteOptimizer.cost(of: a.order, in: m)) < 1e-6 * a.cost)
        #expect(a.cost < RouteOptimizer.cost(of: Array(0..<n), in: m) * 0.5)
    }

    @Test func anOrderThatIsAlreadyBestStaysAsItIs() {
        // Stops on a line, in order: nothing beats driving straight along it.
        let m = (0..<30).map { i in (0..<30).map { j in Double(abs(i - j)) } }
        #expect(RouteOptimizer.optimize(matrix: m).order == Array(0..<30))
        let small = (0..<8).map { i in (0..<8).map { j in Double(abs(i - j)) } }
        #expect(RouteOptimizer.optimize(matrix: small).order == Array(0..<8))
    }

    @Test func sameSeedSameAnswer() {
        var rng = SplitMix64(seed: 3)
        let m = planarMatrix(60, using: &rng)
        let a = RouteOptimizer.heuristic(matrix: m, moves: 3_000_000)
        let b = RouteOptimizer.heuristic(matrix: m, moves: 3_000_000)
        #expect(a == b)
        let asymmetric = randomMatrix(80, symmetric: false, using: &rng)
        let c = RouteOptimizer.heuristic(matrix: asymmetric, moves: 3_000_000)
        #expect(c == RouteOptimizer.heuristic(matrix: asymmetric, moves: 3_000_000))
    }

    /// A budget of moves, not of time: cut short anywhere, the search gives the same order on every
    /// run (and on a busy machine), never worse than the order it started from.
    @Test func aBudgetOfMovesCutsTheSearchTheSameWayEveryTime() {
        var rng = SplitMix64(seed: 11)
        let m = planarMatrix(300, using: &rng)
        let start = RouteOptimizer.cost(of: Array(0..<300), in: m)
        var costs: [Double] = []
        for moves in [0, 1, 5_000, 200_000, 3_000_000] {
            let a = RouteOptimizer.heuristic(matrix: m, moves: moves)
            let b = RouteOptimizer.heuristic(matrix: m, moves: moves)
            #expect(a == b, "\(moves) moves")
            #expect(a.cost <= start + 1e-9, "\(moves) moves")
            #expect(Set(a.order) == Set(0..<300) && a.order.first == 0 && a.order.last == 299)
            costs.append(a.cost)
        }
        // More moves never find worse: each budget's search is the start of the next one's.
        #expect(zip(costs, costs.dropFirst()).allSatisfy { $1 <= $0 + 1e-9 })
        #expect(costs.last! < costs.first! * 0.95)
    }

    /// Stopped from its progress report (as Esc and Ctrl-C do), the search answers with the best
    /// order it had, reports nothing more but that answer, and never anything worse than the start.
    @Test func aStoppedSearchKeepsItsBestOrderSoFar() {
        var rng = SplitMix64(seed: 5)
        for (n, asymmetric) in [(400, false), (120, true)] {
            let m = asymmetric ? randomMatrix(n, symmetric: false, using: &rng) : planarMatrix(n, using: &rng)
            let reports = Reports()
            let control = OrderSearchControl { progress in
                reports.add(progress)
                if progress.fraction > 0 { reports.stop?() }
            }
            reports.stop = { control.stop() }
            let stopped = RouteOptimizer.heuristic(matrix: m, moves: 2_000_000, control: control)
            let full = RouteOptimizer.heuristic(matrix: m, moves: 2_000_000)
            let start = RouteOptimizer.cost(of: Array(0..<n), in: m)
            #expect(control.isStopped)
            #expect(isValidOrder(stopped.order, n))
            #expect(stopped.cost <= start + 1e-9)
            #expect(stopped.cost >= full.cost - 1e-9)
            // The first report after the start stopped it; the one after that is the answer.
            let seen = reports.all
            #expect(seen.count <= 3, "\(seen.count) reports")
            let last = try? #require(seen.last)
            #expect(abs((last?.bestCost ?? 0) - stopped.cost) <= 1e-6 * stopped.cost)
            // The saving shown is counted from the trip's own order, not from where the search began.
            #expect(last?.startCost == start)
        }
        // Stopped before it begins: the better of the current and the nearest-neighbour order.
        let m = planarMatrix(200, using: &rng)
        let control = OrderSearchControl()
        control.stop()
        let result = RouteOptimizer.optimize(matrix: m, control: control)
        #expect(result.cost <= RouteOptimizer.cost(of: Array(0..<200), in: m))
    }

    /// Progress tells what the person saves: against the trip's own order, not the search's start.
    @Test func progressCountsTheSavingAgainstTheTripsOwnOrder() throws {
        var rng = SplitMix64(seed: 11)
        let m = planarMatrix(300, using: &rng)
        let reports = Reports()
        let control = OrderSearchControl { reports.add($0) }
        let result = RouteOptimizer.heuristic(matrix: m, moves: 1_000_000, control: control)
        let own = RouteOptimizer.cost(of: Array(0..<300), in: m)
        let last = try #require(reports.all.last)
        #expect(abs(last.saving - (own - result.cost) / own) < 1e-9, "\(last.saving) vs \((own - result.cost) / own)")
        // A random order of 300 points: the best order drives well under half as far.
        #expect(reports.all.allSatisfy { $0.saving > 0.5 })
    }

    @Test func proposalReordersTheStopsAndCountsTheSavings() throws {
        // A zig-zag along a line of longitude: 0, 3, 1, 2, 4 is slower than 0, 1, 2, 3, 4.
        let longitudes: [Double] = [0, 3, 1, 2, 4]
        let stops = longitudes.map { Waypoint(name: "E\(Int($0))", coordinate: Coordinate(latitude: 0, longitude: $0)) }
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: stops.map(\.coordinate))
        let proposal = OrderProposal(waypoints: stops, matrix: matrix, source: "offline estimate")
        #expect(proposal.order == [0, 2, 3, 1, 4])
        #expect(proposal.changesOrder && proposal.exact)
        let reordered = try #require(proposal.reordered(stops))
        #expect(reordered.map(\.name) == ["E0", "E1", "E2", "E3", "E4"])
        // Degrees of longitude on the equator: 3 + 2 + 1 + 2 = 8 driven before, 4 after.
        #expect(abs(proposal.savedMeters / proposal.currentMeters - 0.5) < 1e-9)
        #expect(proposal.savedSeconds > 0)
        #expect(proposal.summary(unit: .kilometers).hasPrefix("Best order: "))
        #expect(proposal.reordered(Array(stops.dropLast())) == nil)
    }

    @Test func proposalForAnAlreadyBestOrderChangesNothing() {
        let stops = (0..<4).map { Waypoint(name: "E\($0)", coordinate: Coordinate(latitude: 0, longitude: Double($0))) }
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: stops.map(\.coordinate))
        let proposal = OrderProposal(waypoints: stops, matrix: matrix, source: "offline estimate")
        #expect(!proposal.changesOrder)
        #expect(proposal.savedSeconds == 0)
        #expect(proposal.summary(unit: .kilometers).hasPrefix("The current order is already the best"))
    }
}

@Suite struct OrderProposalSourceTests {
    private struct WrongSizeProvider: TravelTimeMatrixProviding {
        var label: String { "broken table" }
        func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
            TravelMatrix(durations: [[0]], distances: [[0]])
        }
    }

    private let trip = Trip(
        name: "T",
        waypoints: [0.0, 2, 1, 3].map {
            Waypoint(name: "E\(Int($0))", coordinate: Coordinate(latitude: 0, longitude: $0))
        })

    @Test func theEstimateProviderFeedsAProposal() async throws {
        let proposal = try await OrderProposal.make(for: trip, using: EstimatedTravelMatrixProvider())
        #expect(proposal.order == [0, 2, 1, 3])
        #expect(proposal.source == "offline estimate")
    }

    private struct RefusingProvider: TravelTimeMatrixProviding {
        var label: String { "road times from OSRM test" }
        func matrix(for stops: [Coordinate]) async throws -> TravelMatrix {
            throw OrderProposalError(message: "OSRM test refused the travel-time table: Too many table coordinates")
        }
    }

    /// A road table that cannot be had: the order is found on the estimate, and the result says so.
    @Test func aRefusedRoadTableFallsBackToTheEstimateAndSaysWhy() async throws {
        let proposal = try await OrderProposal.make(for: trip, using: RefusingProvider())
        #expect(proposal.order == [0, 2, 1, 3])
        #expect(proposal.source == "offline estimate (OSRM test refused the travel-time table: Too many table coordinates)")
        #expect(
            proposal.summary(unit: .kilometers).contains(
                "(exact, offline estimate (OSRM test refused the travel-time table: Too many table coordinates)).") == true)
    }

    @Test func aMatrixThatDoesNotFitIsRefusedWithAMessage() async {
        await #expect(throws: OrderProposalError.self) {
            try await OrderProposal.make(for: trip, using: WrongSizeProvider())
        }
    }
}

/// Progress reports gathered from the searching thread.
private final class Reports: Sendable {
    private let state = Mutex<[OrderSearchProgress]>([])
    private let stopper = Mutex<(@Sendable () -> Void)?>(nil)
    func add(_ progress: OrderSearchProgress) { state.withLock { $0.append(progress) } }
    var all: [OrderSearchProgress] { state.withLock { $0 } }
    var stop: (@Sendable () -> Void)? {
        get { stopper.withLock { $0 } }
        set { stopper.withLock { $0 = newValue } }
    }

    @Test func aStopWithAFixedArrivalKeepsItsPlaceAndTheOthersAreOrderedAroundIt() throws {
        // E3 (second) has a booking: it stays second, E1 and E2 are ordered after it, on the way back west.
        let longitudes: [Double] = [0, 3, 2, 1, 0.5]
        var stops = longitudes.map { Waypoint(name: "E\(Int($0))", coordinate: Coordinate(latitude: 0, longitude: $0)) }
        stops[1].fixedArrival = Date(timeIntervalSince1970: 1_800_000_000)
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: stops.map(\.coordinate))
        let proposal = OrderProposal(waypoints: stops, matrix: matrix, source: "offline estimate")
        #expect(proposal.order == [0, 1, 2, 3, 4])
        #expect(!proposal.changesOrder)
        stops.swapAt(2, 3)
        let swapped = OrderProposal(
            waypoints: stops, matrix: EstimatedTravelMatrixProvider().instantMatrix(for: stops.map(\.coordinate)),
            source: "offline estimate")
        #expect(swapped.order == [0, 1, 3, 2, 4])
        #expect(swapped.summary(unit: .kilometers).hasSuffix("Moves E2 (4 → 3), E1 (3 → 4)."))
    }

    @Test func aSavingWithinTheEstimatesErrorIsNotProposed() {
        // Four stops nearly on a line: the better order saves well under 5% of the driving.
        let stops = [(0.0, 0.0), (0.0, 1.0), (0.01, 1.02), (0.0, 3.0)].enumerated().map { i, p in
            Waypoint(name: "E\(i)", coordinate: Coordinate(latitude: p.0, longitude: p.1))
        }
        var reordered = stops
        reordered.swapAt(1, 2)
        let matrix = EstimatedTravelMatrixProvider().instantMatrix(for: reordered.map(\.coordinate))
        let proposal = OrderProposal(waypoints: reordered, matrix: matrix, source: "offline estimate")
        #expect(proposal.order != [0, 1, 2, 3])
        #expect(!proposal.changesOrder)
        #expect(proposal.summary(unit: .kilometers).hasPrefix("The current order is already within "))
        #expect(proposal.summary(unit: .kilometers).contains("% of the best order"))
        let road = OrderProposal(waypoints: reordered, matrix: matrix, source: "OSRM", error: OrderProposal.roadError)
        #expect(road.changesOrder == (road.savedSeconds >= 0.01 * road.currentSeconds))
    }
}
