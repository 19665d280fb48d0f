import Foundation
import RoadtripCore

/// What `roadtrip places QUERY [--limit N] [--json]` prints and exits with.
public struct PlacesCommandOutput: Equatable, Sendable {
    public var stdout: String
    public var stderr: String
    public var exitCode: Int32
}

/// Exit statuses of `roadtrip places`.
enum PlacesExitCode {
    /// Places were found.
    static let ok: Int32 = 0
    /// Nothing matches: said on standard error, so a script never takes an empty answer for a place.
    static let noMatch: Int32 = 1
    /// The gazetteer files are missing or damaged.
    static let dataUnavailable: Int32 = 1
    /// A bad option value, such as `--limit 0`.
    public static let usage: Int32 = 64
}

/// The output of `roadtrip places`: with `json`, an array of objects (name, region, country,
/// countryCode, kind, latitude, longitude, population, `elevation` for a peak or a pass, `source` when
/// not built in, and `matched` when the name does not show the query), best match first, `[]` for no match;
/// otherwise a table for people. No match is said on standard error, with exit status 1.
///
/// `sanitize` and `columns` are `TerminalText.sanitize` and `TextWidth.of` from TermUI,
/// handed in so this service does not depend on the terminal toolkit.
public func placesCommandOutput(
    query: String, limit: Int, json: Bool, searcher: any PlaceSearching, near context: PlaceContext? = nil,
    unit: DistanceUnit = .kilometers, sanitize: (String) -> String, columns: (String) -> Int
) -> PlacesCommandOutput {
    guard limit >= 1 else {
        return PlacesCommandOutput(
            stdout: "", stderr: "roadtrip places: --limit must be at least 1, not \(limit)\n",
            exitCode: PlacesExitCode.usage)
    }
    let places = searcher.search(query, limit: limit, near: context)
    let none = places.isEmpty ? "roadtrip: no place matches “\(sanitize(query))”\n" : ""
    let status = places.isEmpty ? PlacesExitCode.noMatch : PlacesExitCode.ok
    if json {
        return PlacesCommandOutput(
            stdout: placesJSON(places, query: query, unit: unit), stderr: none, exitCode: status)
    }
    if places.isEmpty { return PlacesCommandOutput(stdout: "", stderr: none, exitCode: status) }
    // "Matched" only when some row's name does not show what was typed: an alias or a misspelling.
    let reasons = places.map { $0.matched.reason(typed: query) }
    let explain = reasons.contains { $0 != nil }
    let sourced = places.contains { !$0.source.isEmpty }
    // "Size": people for a town, metres for a peak or a pass.
    let header =
        ["Place", "Region", "Country", "Kind", "Size", "Latitude", "Longitude"] + (explain ? ["Matched"] : [])
        + (sourced ? ["Source"] : []) + (context != nil ? ["Near"] : [])
    let rows = zip(places, reasons).map { p, reason in
        [
            sanitize(p.name), sanitize(p.region), sanitize(p.country), sanitize(p.kind), p.size,
            String(format: "%.5f", p.coordinate.latitude), String(format: "%.5f", p.coordinate.longitude)
        ]
            + (explain ? [reason.map(sanitize) ?? ""] : [])
            + (sourced ? [sanitize(p.source.isEmpty ? "built in" : p.source)] : [])
            + (context != nil ? [p.nearness?.reason(unit: unit) ?? ""] : [])
    }
    let table = [header] + rows
    let widths = header.indices.map { c in table.map { columns($0[c]) }.max() ?? 0 }
    let rightAligned: Set<Int> = [4, 5, 6]
    var out = ""
    for row in table {
        let cells = row.indices.map { c -> String in
            let pad = String(repeating: " ", count: widths[c] - columns(row[c]))
            return rightAligned.contains(c) ? pad + row[c] : row[c] + pad
        }
        var line = cells.joined(separator: "  ")
        // Trimmed by hand: compiling a regular expression (ICU) cost more than the search.
        while line.last?.isWhitespace == true { line.removeLast() }
        out += line + "\n"
    }
    return PlacesCommandOutput(stdout: out, stderr: "", exitCode: PlacesExitCode.ok)
}

/// Loads the gazetteer from `Gazetteer.defaultDirectory()` and runs the command; a missing
/// or damaged gazetteer is one line on standard error and exit status 1.
///
/// The curated destinations are searched too, with `imported` the regions imported from
/// OpenStreetMap extracts, and with `online` a geocoder when no offline place is named as typed
/// (its failure is a note on standard error; the offline matches stand).
public func placesCommandOutput(
    query: String, limit: Int, json: Bool, imported: ImportedPlacesFolder? = nil,
    online: ((Gazetteer) -> any OnlinePlaceSearching)? = nil, near context: PlaceContext? = nil,
    unit: DistanceUnit = .kilometers, sanitize: (String) -> String, columns: (String) -> Int
) -> PlacesCommandOutput {
    do {
        let gazetteer = try Gazetteer.load(from: Gazetteer.defaultDirectory())
        let offline = CombinedPlaces(builtIn: gazetteer, folder: imported)
        guard let online else {
            return placesCommandOutput(
                query: query, limit: limit, json: json, searcher: offline, near: context, unit: unit,
                sanitize: sanitize, columns: columns)
        }
        let fallback = OnlineFallback(offline: offline, online: online(gazetteer))
        let answer: (places: [Place], failure: OnlineSearchFailure?) =
            limit >= 1 ? fallback.searchReporting(query, limit: limit, near: context) : ([], nil)
        var out = placesCommandOutput(
            query: query, limit: limit, json: json, searcher: Fixed(places: answer.places), unit: unit,
            sanitize: sanitize, columns: columns)
        if let failure = answer.failure {
            out.stderr = "roadtrip: online search: \(sanitize(failure.description)); offline matches only\n" + out.stderr
        }
        return out
    } catch {
        return PlacesCommandOutput(
            stdout: "", stderr: "roadtrip places: \(sanitize("\(error)"))\n",
            exitCode: PlacesExitCode.dataUnavailable)
    }
}

/// Places already found, handed to the table as a search would.
private struct Fixed: PlaceSearching {
    let places: [Place]
    func search(_ query: String, limit: Int) -> [Place] { Array(places.prefix(limit)) }
}

private struct PlaceJSON: Encodable {
    let name, region, country, countryCode, kind: String
    let latitude, longitude: Double
    let population: Int
    /// Metres, for a peak or a pass; absent when unknown.
    let elevation: Int?
    /// Where it came from when not the built-in data ("OpenStreetMap, monaco", "Nominatim, …"); absent otherwise.
    let source: String?
    /// Why it matched when its name does not show the query (`alias “Seville”`); absent otherwise.
    let matched: String?
    /// With `--near`: the stop it is nearest (absent for a position) and how far, in metres, and
    /// the same in words ("near stop 3").
    let nearStop: Int?
    let metersFromTrip: Double?
    let near: String?
}

private func placesJSON(_ places: [Place], query: String, unit: DistanceUnit) -> String {
    if places.isEmpty { return "[]\n" }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let rows = places.map {
        PlaceJSON(
            name: $0.name, region: $0.region, country: $0.country, countryCode: $0.countryCode, kind: $0.kind,
            latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude, population: $0.population,
            elevation: $0.elevation, source: $0.source.isEmpty ? nil : $0.source, matched: $0.matched.reason(typed: query),
            nearStop: $0.nearness?.anchor.stop, metersFromTrip: $0.nearness.map { ($0.meters).rounded() },
            near: $0.nearness?.reason(unit: unit))
    }
    // Encoding plain strings and finite numbers cannot fail.
    let data = (try? encoder.encode(rows)) ?? Data("[]".utf8)
    return String(decoding: data, as: UTF8.self) + "\n"
}
