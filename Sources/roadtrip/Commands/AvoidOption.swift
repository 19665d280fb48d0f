import ArgumentParser
import RoadtripCore

/// `--avoid KINDS`, for the commands that route: `route`, `show`, `directions`, `itinerary`.
struct AvoidOption: ParsableArguments {
    @Option(
        name: .customLong("avoid"),
        help: ArgumentHelp(
            "Roads to stay off where the road router can: motorways, tolls, ferries, comma-separated, or none (else the trip's, else the config file's).",
            valueName: "kinds"),
        transform: AvoidOption.read)
    var avoidOption: RoadAvoidance?

    static func read(_ text: String) throws -> RoadAvoidance {
        guard let avoid = RoadAvoidance(words: text) else {
            throw ValidationError("--avoid takes motorways, tolls and ferries, comma-separated, or none; not “\(text)”")
        }
        return avoid
    }

    /// The flag's, else the trip's own.
    func avoid(for trip: Trip) -> RoadAvoidance { avoidOption ?? trip.avoid }

    /// For stops without a trip: the flag's, else the config file's.
    var withoutTrip: RoadAvoidance { avoidOption ?? Config.file.avoid ?? [] }
}
