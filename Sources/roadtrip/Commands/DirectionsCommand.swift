import ArgumentParser
import Foundation
import RoadtripCore
import TermUI

/// `roadtrip directions TRIP`: turn-by-turn directions of every leg, from the road router.
struct DirectionsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions", abstract: "Print turn-by-turn directions of a trip (needs a road router).",
        discussion: """
            Each leg's steps come from --osrm (or $ROADTRIP_OSRM_URL, or --osrm-data): the manoeuvre, the road's \
            name and number, its distance and time; they add up to the leg. Without a road router there are no \
            directions: the command says so and exits with 1. --markdown prints a document to print or share.
            """
    )

    /// `directions --json`: the trip, and per leg its figures and steps.
    struct Document: Encodable {
        struct Step: Encodable {
            var instruction: String
            var maneuver: String
            var modifier: String?
            var name: String
            var ref: String?
            var distanceMeters: Double
            var durationSeconds: Double
        }
        struct LegItem: Encodable {
            var from: String
            var to: String
            var distanceMeters: Double
            var durationSeconds: Double
            var steps: [Step]
        }
        var id: String
        var name: String
        var legs: [LegItem]
    }

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Flag(help: "Print JSON: {id,name,legs:[{from,to,distanceMeters,durationSeconds,steps:[…]}]}.") var json = false
    @Flag(help: "Print Markdown: a heading per leg and a numbered list of its steps.") var markdown = false
    @OptionGroup var avoidOption: AvoidOption

    func validate() throws {
        if json && markdown { throw ValidationError("--json and --markdown ask for two formats: give one of them.") }
    }

    func run() throws {
        try runOnTrip(self.trip, global) { context, trip in
            guard trip.waypoints.count >= 2 else { throw UserError("“\(trip.name)” needs two stops for directions.") }
            let services = try Services.make(global)
            defer { services.stop() }
            let routes = services.routes.avoiding(avoidOption.avoid(for: trip))
            let stops = trip.coordinates
            let answer = try CommandServices.wait { await routes.directions(for: stops) }
            guard case let .directions(all) = answer else {
                if case let .unavailable(why) = answer { throw UserError(why) }
                return
            }
            // Shaping points are passed, not reached: their legs read as one.
            let (names, legs) = trip.directionsWithoutShapingPoints(all)
            if json {
                try Output.json(
                    Document(
                        id: trip.id.uuidString, name: trip.name,
                        legs: legs.enumerated().map { index, leg in
                            .init(
                                from: names[index], to: names[index + 1], distanceMeters: leg.distanceMeters,
                                durationSeconds: leg.durationSeconds,
                                steps: leg.steps.map {
                                    .init(
                                        instruction: $0.sentence(unit: context.unit), maneuver: $0.maneuver,
                                        modifier: $0.modifier, name: $0.name, ref: $0.ref,
                                        distanceMeters: $0.distanceMeters, durationSeconds: $0.durationSeconds)
                                })
                        }))
            } else if markdown {
                Output.bytes(
                    Data(DirectionsText.markdown(tripName: trip.name, names: names, legs: legs, unit: context.unit).utf8))
            } else {
                Output.line(trip.name + ": directions")
                Output.line()
                for line in DirectionsText.lines(
                    names: names, legs: legs, unit: context.unit, sanitize: { TerminalText.sanitize($0) })
                {
                    Output.line(line)
                }
            }
        }
    }
}
