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

/// What the commands print of a route's avoidance: the part asked for but not applied, on stderr,
/// and in JSON what was asked and what was applied, so nothing claims an avoidance it did not get.
struct AvoidReport: Encodable, Equatable {
    var requested: [String]
    var applied: [String]
    /// The line under the table, in the one wording of every report.
    let statement: String

    init(requested: RoadAvoidance, applied: RoadAvoidance) {
        self.requested = requested.words
        self.applied = applied.words
        statement = requested.statement(applied: applied)
    }

    private enum CodingKeys: String, CodingKey { case requested, applied }
}
