import Foundation
import RoadtripCore

/// Turns a trip into the bytes of an export file.
public enum TripExporter {
    /// The trip in `format`, UTF-8.
    ///
    /// - Parameter legs: the trip's legs from its route provider; legs with OSRM geometry
    ///   add the driven line (GPX `<trk>`, GeoJSON LineString). JSON and CSV ignore them.
    public static func export(_ trip: Trip, legs: [Leg] = [], format: ExchangeFormat) throws(ExchangeError) -> Data {
        // Positions and figures that came from outside are checked where they came in; an export
        // still refuses to write a point off the Earth rather than hand it to another program.
        if let stop = trip.waypoints.first(where: { !Plausibility.isOnEarth($0.coordinate) }) {
            throw ExchangeError(
                .invalidCoordinate, file: trip.name,
                reason: "stop “\(stop.name)” is at \(stop.coordinate.latitude), \(stop.coordinate.longitude), not on the Earth")
        }
        let legs = legs.map { leg in
            var checked = leg
            if let line = leg.geometry, !line.allSatisfy(Plausibility.isOnEarth) { checked.geometry = nil }
            return checked
        }
        switch format {
        case .gpx: return Data(GPXWriter.write(trip: trip, legs: legs).utf8)
        case .geojson: return Data(GeoJSONWriter.write(trip: trip, legs: legs).utf8)
        case .csv: return Data(CSVWriter.write(trip: trip).utf8)
        case .kml: return Data(KMLWriter.write(trip: trip, legs: legs).utf8)
        case .kmz:
            do {
                return try KMZArchive.pack(Data(KMLWriter.write(trip: trip, legs: legs).utf8))
            } catch {
                throw ExchangeError(.writeFailed, file: trip.name, reason: "cannot make the KMZ archive: \(error)")
            }
        case .json:
            do {
                return try TripJSONCodec.write(trip: trip)
            } catch {
                throw ExchangeError(.writeFailed, file: trip.name, reason: "cannot encode the trip: \(error)")
            }
        }
    }
}
