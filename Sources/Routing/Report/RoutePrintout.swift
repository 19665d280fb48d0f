import Foundation
import RoadtripCore

/// What `roadtrip route` prints, given stops already resolved to names and coordinates: the route
/// asked for, as the `RouteSummary` every route is shown from.
public enum RoutePrintout {
    /// What to write: `output` to stdout, `warning` (when some legs fell back) to stderr.
    public struct Printout: Sendable, Hashable {
        public var output: String
        public var warning: String?
    }

    /// Routes `stops` with `provider` and renders the table (or JSON), ending in a newline.
    ///
    /// `width` and `sanitize` are TermUI's `TextWidth.of` and `TerminalText.sanitize`: every name
    /// and the server's reason pass through `sanitize` before they are printed.
    public static func run(
        names: [String], stops: [Coordinate], provider: any RouteProvider, json: Bool,
        unit: DistanceUnit, width: (String) -> Int,
        sanitize: (String) -> String,
        avoid: RoadAvoidance = [], countries: [String?] = [], dailyDrivingLimit: TimeInterval = Trip.defaultDailyDrivingLimit,
        alternatives: Bool = false
    ) async -> Printout {
        precondition(names.count == stops.count, "one name per stop")
        let provider = provider.avoiding(avoid)
        let result = await provider.route(for: stops)
        var routes: [Int: [RouteAlternative]] = [:]
        if alternatives {
            for (index, pair) in zip(stops, stops.dropFirst()).enumerated() {
                routes[index] = await provider.alternatives(from: pair.0, to: pair.1)
            }
        }
        let summary = RouteSummary(
            names: names, legs: result.legs,
            warnings: LegWarning.warnings(
                for: result.legs, countries: countries, dailyDrivingLimit: dailyDrivingLimit, checkingTheLine: true),
            avoid: avoid.isEmpty ? nil : (avoid, result.avoided), alternatives: routes)
        let notes = [result.fallbackReason, avoid.shortfall(applied: result.avoided, router: provider.label)]
            .compactMap { $0 }
        let warning = notes.isEmpty ? nil : notes.map { "roadtrip: " + sanitize($0) }.joined(separator: "\n")
        if json {
            // Only numbers and strings: nothing the encoder can refuse.
            return Printout(output: ((try? JSONText.encoded(summary)) ?? "{}") + "\n", warning: warning)
        }
        var lines = summary.lines(unit: unit, width: width, sanitize: sanitize)
        lines.append("")
        lines.append(footnote(provider: provider, legs: result.legs))
        return Printout(output: lines.joined(separator: "\n") + "\n", warning: warning)
    }

    /// Says where the figures come from and what "≈" means.
    static func footnote(provider: any RouteProvider, legs: [Leg]) -> String {
        let estimate =
            (provider as? EstimateRouteProvider)
            ?? (provider as? OSRMRouteProvider)?.estimate ?? (provider as? ValhallaRouteProvider)?.estimate
            ?? EstimateRouteProvider()
        let how =
            "≈ estimate: straight-line distance × \(decimal(estimate.circuity)) at "
            + "\(decimal(estimate.averageSpeedKilometersPerHour)) km/h"
        if provider is OSRMRouteProvider || provider is ValhallaRouteProvider {
            let allRoads = legs.allSatisfy { $0.source.isRoad }
            return "Roads: \(provider.label)" + (allRoads ? "" : "; \(how)")
        }
        return "\(how); --osrm URL gives real roads"
    }

    private static func decimal(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
