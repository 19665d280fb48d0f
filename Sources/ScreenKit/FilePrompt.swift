import Foundation
import Exchange
import RoadtripCore
import TermUI

/// What the planner's export and import prompts do with a typed path, for the trip list and the trip screen alike.
public struct FilePrompt: Sendable {
    /// What an export to a typed path will do.
    public enum ExportPlan: Equatable, Sendable {
        /// Write `path` in `format`.
        case write(path: String, format: ExchangeFormat)
        /// The file exists: ask before replacing it.
        case replace(path: String, format: ExchangeFormat)
        /// Nothing can be written; the one-line reason.
        case refused(String)
    }

    public var exchange: any TripExchange
    /// Files an export must never replace: the data file, its lock, backup, copies and caches.
    public var owned: OwnedFiles?
    /// Where relative paths start: the folder roadtrip was started in.
    public var folder: String
    public var home: String

    public init(
        exchange: any TripExchange = FileTripExchange(), owned: OwnedFiles? = nil,
        folder: String = FileManager.default.currentDirectoryPath, home: String = NSHomeDirectory()
    ) {
        self.exchange = exchange
        self.owned = owned
        self.folder = folder
        self.home = home
    }

    /// ".gpx, .geojson, .kml, .kmz, .json, .csv": every format, by the extension that names it.
    public static var extensions: String { ExchangeFormat.allCases.map { "." + $0.fileExtension }.joined(separator: ", ") }

    /// What the export prompt says under it, on both screens.
    public static var exportHint: String { "The extension names the format: \(extensions)." }

    /// What the import prompt says under it, on both screens.
    public static let importHint = "GPX, GeoJSON, KML, KMZ, JSON or CSV; ~ is your home folder."

    /// "Alps by the lakes.gpx": the trip's name as a file name in the folder roadtrip started in.
    /// The longest suggested file name before its extension, in bytes: room for the extension
    /// and for the temporary name an export is written under first.
    static let stemBytes = 200

    public static func suggestedExport(for trip: Trip, format: ExchangeFormat = .gpx) -> String {
        let safe = PlainText.line(trip.name).replacingOccurrences(of: "/", with: "-")
        var stem = Substring(safe.trimmingCharacters(in: CharacterSet(charactersIn: ". ")))
        // File systems count a name in bytes (255 at most), not characters: 東京 is six.
        while stem.utf8.count > Self.stemBytes { stem = stem.dropLast() }
        return (stem.isEmpty ? "trip" : String(stem)) + "." + format.fileExtension
    }

    /// `typed` as an absolute path: `~` is the home folder, a relative path starts in `folder`.
    public func absolute(_ typed: String) -> String {
        let path = DataLocation.expandTilde(typed.trimmingCharacters(in: .whitespaces), home: home)
        if path.hasPrefix("/") { return path }
        return (folder.hasSuffix("/") ? folder : folder + "/") + path
    }

    /// What exporting to `typed` would do; the format comes from the extension.
    public func planExport(to typed: String) -> ExportPlan {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .refused("Type a file name, e.g. alps.gpx.") }
        let path = absolute(trimmed)
        guard let format = ExchangeFormat(path: path) else {
            return .refused("End the file name with the format: \(Self.extensions).")
        }
        // Said before "replace it?", not after a yes; ExportFile refuses it again by device and inode.
        if let owner = owned?.owner(of: path) {
            return .refused("\(trimmed) is \(owner): an export never overwrites it. Choose another name.")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            return isFolder.boolValue
                ? .refused("\(trimmed) is a folder: type a file name.") : .replace(path: path, format: format)
        }
        return .write(path: path, format: format)
    }

    /// Writes the export; the line to show, and whether it is an error.
    public func export(
        _ trip: Trip, legs: [Leg], to path: String, format: ExchangeFormat, control: TransferControl? = nil
    ) -> StatusMessage {
        do {
            try exchange.exportFile(trip, legs: legs, format: format, to: path, owned: owned, control: control)
            let line = legs.contains { $0.geometry != nil } ? " with the road geometry" : ""
            // The file after the text, cut in the middle to fit: where it went is what is looked for.
            return StatusMessage("Exported “\(trip.name)” as \(format.rawValue)\(line)", path: path)
        } catch {
            return Self.failure("Not exported", error).status
        }
    }

    /// Reads the trip in `typed`; the format comes from the extension and the content.
    public func importTrip(from typed: String, control: TransferControl? = nil) -> Result<ImportResult, Problem> {
        let trimmed = typed.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return .failure(Problem("Type the path of a file to import, e.g. ~/Downloads/alps.gpx.")) }
        do {
            return .success(try exchange.importFile(at: absolute(trimmed), format: nil, name: nil, control: control))
        } catch {
            return .failure(Self.failure("Not imported", error))
        }
    }

    /// "Not exported: it is a folder (~/trips/…/alps.gpx)": the reason first and the file after it,
    /// which the status line cuts in the middle to fit, so it shows why at any width.
    static func failure(_ what: String, _ error: ExchangeError) -> Problem {
        let file = ImportedText.singleLine(error.file) + (error.line.map { ":\($0)" } ?? "")
        return Problem("\(what): \(ImportedText.singleLine(error.reason))", path: file)
    }

    /// Why an import or export did not happen, in one line, and the file it is about.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
        public var path: String?
        public init(_ message: String, path: String? = nil) {
            self.message = message
            self.path = path
        }

        /// The problem as the status line says it.
        public var status: StatusMessage { StatusMessage(message, isError: true, path: path) }
    }
}
