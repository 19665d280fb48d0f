import ArgumentParser
import Foundation
import Itinerary
import RoadtripCore
import TermUI

/// `roadtrip optimize TRIP [--apply]`: the order of the middle stops with the least driving.
struct OptimizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "optimize", abstract: "Find the order of the middle stops with the least driving.",
        discussion: """
            The first and last stops stay where they are. Without --apply nothing changes. Ctrl-C during a long \
            search stops it and keeps the best order found so far (saved with --apply).
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Flag(help: "Save the proposed order.") var apply = false

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            guard trip.waypoints.count >= 4 else {
                throw UserError(
                    "“\(trip.name)” has \(trip.waypoints.count) stops; best order needs at least 4 (the first and last stay).")
            }
            let services = try Services.make(global)
            defer { services.stop() }
            let matrix = services.matrix
            let control = OrderSearchControl(onProgress: Self.progressLine)
            let interrupt = InterruptStopsSearch(control)
            if !RouteOptimizer.solvesExactly(stops: trip.waypoints.count) {
                Self.note(
                    "Looking for the best order of \(Formatting.grouped(trip.waypoints.count)) stops "
                        + "(Ctrl-C stops and keeps the best found so far)…\n")
            }
            let proposal = try CommandServices.wait {
                try await OrderProposal.make(for: trip, using: matrix, control: control)
            }
            interrupt.end()
            if Self.showsProgress { Self.note("\r\u{1B}[K") }
            Output.line(proposal.summary(unit: context.unit))
            guard proposal.changesOrder, let stops = proposal.reordered(trip.waypoints) else { return }
            for (i, stop) in stops.enumerated() {
                Output.line("\(String(repeating: " ", count: i < 9 ? 2 : 1))\(i + 1)  \(stop.name)")
            }
            guard apply else {
                Output.line("Run again with --apply to save this order.")
                return
            }
            try context.edit(trip: trip.id, "applying the best order") { $0.waypoints = stops }
            Output.line("Saved the new order of “\(trip.name)”.")
        }
    }

    /// A progress line is drawn only for a person watching a terminal, never into a log.
    private static let showsProgress = isatty(STDERR_FILENO) == 1

    private static func note(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    @Sendable private static func progressLine(_ progress: OrderSearchProgress) {
        guard showsProgress else { return }
        let percent = Int((progress.fraction * 100).rounded(.down))
        note("\r\u{1B}[K\(percent)% searched, " + String(format: "%.1f%%", progress.saving * 100) + " less driving so far")
    }
}

/// Ctrl-C during the search stops it, keeping its best order so far, instead of ending the process.
///
/// The handler is in place before `init` returns (a dispatch signal source would arm itself later,
/// and a Ctrl-C in between would be lost): it writes one byte down a pipe, the only thing a signal
/// handler may safely do, and a thread waiting on the pipe stops the search. `end()` hands SIGINT
/// back to its default action: a second Ctrl-C while the order is being saved ends the process.
final class InterruptStopsSearch {
    private static let pipeEnds: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        return (ends[0], ends[1])
    }()

    init(_ control: OrderSearchControl) {
        let ends = Self.pipeEnds
        let waiter = Thread {
            var byte: UInt8 = 0
            while read(ends.read, &byte, 1) < 0 && errno == EINTR {}
            control.stop()
        }
        waiter.start()
        signal(SIGINT) { _ in
            var byte: UInt8 = 1
            _ = write(InterruptStopsSearch.pipeEnds.write, &byte, 1)
        }
    }

    func end() {
        signal(SIGINT, SIG_DFL)
    }
}
