import Foundation
import RoadtripCore

/// Turns a trip into the bytes of an export file.
public enum TripExporter {
    /// The trip in `format`, UTF-8.
    ///
    /// - Parameter legs: the trip's legs from its route provider; legs with OSRM geometry
    ///   add the driven line (GPX `<trk>`, GeoJSON LineString). JSON and CSV ignore them.
    public static func export(_ trip: Trip, legs: [Leg] = [], format: ExchangeFormat) throws(ExchangeError) -> Data {
        switch format {
        case .gpx: return Data(GPXWriter.write(trip: trip, legs: legs).utf8)
        case .geojson: return Data(GeoJSONWriter.write(trip: trip, legs: legs).utf8)
        case .csv: return Data(CSVWriter.write(trip: trip).utf8)
        case .json:
            do {
                return try TripJSONCodec.write(trip: trip)
            } catch {
                throw ExchangeError(.writeFailed, file: trip.name, reason: "cannot encode the trip: \(error)")
            }
        }
    }
}
