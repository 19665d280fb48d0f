import ArgumentParser
import Foundation
import RoadtripCore

/// `roadtrip edit-trip TRIP [--name …] [--start …] [--daily-limit …] [--day-start …] [--avoid …] [--fuel …] [--fuel-price …] [--range …]`.
///
/// The trip's settings from the command line, read and checked by the same rules (and with the same
/// messages) as the settings form on the trip screen.
struct EditTripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit-trip", abstract: "Change a trip's name, start, daily limit, day start, roads to avoid, fuel or range.",
        discussion: """
            Only the options given change; "" clears an optional one. --start is "YYYY-MM-DD HH:MM" at the first \
            stop (local time there); --daily-limit is driving per day, 30 min to 24 h (8h, 7h30); --day-start is \
            when each day sets off, HH:MM; --avoid lists motorways, tolls, ferries; --fuel is 6.5 L/100km or 32 mpg; \
            --range is how far a full tank goes (600 km, 380 mi) or a full charge (400 km electric), for `along --gaps`.
            """
    )

    @OptionGroup var global: GlobalOptions
    @Argument(help: .trip) var trip: String
    @Option(help: "A new name for the trip.") var name: String?
    @Option(help: ArgumentHelp("When the trip leaves: \"YYYY-MM-DD HH:MM\"; \"\" clears it.", valueName: "time"))
    var start: String?
    @Option(parsing: .unconditional, help: ArgumentHelp("Driving per day, 30 min to 24 h: 8h, 7h30.", valueName: "duration"))
    var dailyLimit: String?
    @Option(help: ArgumentHelp("When each day sets off: HH:MM.", valueName: "time")) var dayStart: String?
    @Option(help: ArgumentHelp("Roads to stay off: motorways, tolls, ferries; \"\" for none.", valueName: "kinds"))
    var avoid: String?
    @Option(help: ArgumentHelp("Fuel use: 6.5 L/100km, 32 mpg; \"\" for none.", valueName: "use")) var fuel: String?
    @Option(help: ArgumentHelp("Fuel price per litre or gallon; \"\" for none.", valueName: "price")) var fuelPrice: String?
    @Option(
        help: ArgumentHelp(
            "How far a full tank or charge goes: 600 km, 380 mi, 400 km electric; \"\" for none.", valueName: "range"))
    var range: String?

    func validate() throws {
        if name == nil, start == nil, dailyLimit == nil, dayStart == nil, avoid == nil, fuel == nil, fuelPrice == nil,
            range == nil
        {
            throw ValidationError(
                "Nothing to change: give --name, --start, --daily-limit, --day-start, --avoid, --fuel, --fuel-price or --range.")
        }
    }

    func run() throws {
        try runCommand {
            let context = try CommandContext(global)
            var trip = try context.trip(self.trip)
            let zone =
                trip.waypoints.first.map { CommandServices.timeZones(options: global).zone(for: $0).0 }
                ?? TimeZone(identifier: "UTC")!
            var text = TripSettingsText(trip: trip, zone: zone)
            let given: [(TripSettingsText.Field, String?, String)] = [
                (.start, start, "--start"), (.dailyLimit, dailyLimit, "--daily-limit"), (.dayStart, dayStart, "--day-start"),
                (.avoid, avoid, "--avoid"), (.fuel, fuel, "--fuel"), (.price, fuelPrice, "--fuel-price"),
                (.range, range, "--range")
            ]
            for (field, value, _) in given { if let value { text.values[field] = value } }
            let errors = text.apply(to: &trip, zone: zone)
            if let (field, message) = given.compactMap({ g in errors[g.0].map { (g.2, $0) } }).first {
                throw UserError("\(field): \(message)")
            }
            if let name { trip.name = try TripName.validated(name) }
            let edited = trip
            try context.edit("editing “\(edited.name)”") { trips in
                guard let i = trips.firstIndex(where: { $0.id == edited.id }) else { return }
                trips[i] = edited
            }
            Output.line("“\(edited.name)”: " + TripSettingsText.summary(edited, zone: zone))
        }
    }
}
