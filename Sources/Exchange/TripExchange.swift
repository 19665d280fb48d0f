import Foundation
import RoadtripCore

/// Moves trips in and out of files: the seam the command line and the screens use,
/// so their tests can hand in a double that fails on demand.
public protocol TripExchange: Sendable {
    /// Reads one new trip from a file (see `TripImporter.importFile(at:format:name:)`).
    /// `control` stops it and hears how far it got.
    func importFile(
        at path: String, format: ExchangeFormat?, name: String?, control: TransferControl?
    ) throws(ExchangeError) -> ImportResult
    /// Writes `trip` to `path` atomically in `format`; legs with geometry add the driven line.
    /// A path that is one of roadtrip's own files (`owned`) is refused; `control` stops it.
    func exportFile(
        _ trip: Trip, legs: [Leg], format: ExchangeFormat, to path: String, owned: OwnedFiles?, control: TransferControl?
    ) throws(ExchangeError)
}

extension TripExchange {
    public func importFile(at path: String, format: ExchangeFormat?, name: String?) throws(ExchangeError) -> ImportResult {
        try importFile(at: path, format: format, name: name, control: nil)
    }

    public func exportFile(
        _ trip: Trip, legs: [Leg], format: ExchangeFormat, to path: String, owned: OwnedFiles?
    ) throws(ExchangeError) {
        try exportFile(trip, legs: legs, format: format, to: path, owned: owned, control: nil)
    }
}

/// The real exchange: `TripImporter` for reading, `TripExporter` and `ExportFile` for writing.
public struct FileTripExchange: TripExchange {
    public var importer: TripImporter

    public init(importer: TripImporter = TripImporter()) {
        self.importer = importer
    }

    public func importFile(
        at path: String, format: ExchangeFormat?, name: String?, control: TransferControl?
    ) throws(ExchangeError) -> ImportResult {
        try importer.importFile(at: path, format: format, name: name, control: control)
    }

    public func exportFile(
        _ trip: Trip, legs: [Leg], format: ExchangeFormat, to path: String,
        owned: OwnedFiles?, control: TransferControl?
    ) throws(ExchangeError) {
        try ExportFile.write(
            try TripExporter.export(trip, legs: legs, format: format), to: path, owned: owned, control: control)
    }
}
