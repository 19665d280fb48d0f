import Exchange
import Foundation
import Gazetteer
import RoadtripCore
import ScreenKit
import TripFile
import Routing
import TermUI
import TripDetail
import TripList
import WaypointEditor

/// Wires store, services and modules together and runs the full-screen planner.
@MainActor
struct FullScreenApp {
    let options: GlobalOptions

    /// Runs until the user quits; returns the process exit status.
    func run() -> Int32 {
        // A reader that goes away (an export into a pipe) is an error the export reports, never a
        // signal that ends the planner with the terminal left in its alternate screen.
        signal(SIGPIPE, SIG_IGN)
        let url = options.dataURL
        // Held until the process ends, so a second roadtrip on this file cannot overwrite these edits.
        // Where no lock can be taken at all (a folder or a dangling link in its place), the planner
        // still opens to look, but saves nothing: the status line says why on every edit.
        let lock: DataFileLock?
        let store = JSONTripStore(url: url)
        do {
            lock = try DataFileLock.acquire(for: url, role: .fullScreen, wait: 5)
        } catch {
            if case .held = error {
                printError("\(error)")
                return 1
            }
            lock = nil
            store.refuseWrites(
                because: "\(error); edits stay in memory until it can be taken. Check \(DataFileLock.lockURL(for: url).path)")
        }
        defer { withExtendedLifetime(lock) {} }
        if let lock {
            store.cleanUpLeftovers(holding: lock)
            store.hold(lock)
        }
        let loaded: TripDocument?
        do {
            loaded = try store.load()
        } catch {
            printError("\(error)")
            return 1
        }
        var startupMessage: String?
        var trips = loaded?.trips ?? []
        if loaded == nil {
            switch SampleTrips.examples() {
            case let .success(sample):
                trips = sample
                startupMessage = "Welcome! These are examples: edit one to keep it, or press a for a trip of your own."
            case let .failure(reason):
                startupMessage = "No trips yet (\(reason)). Press a to add one."
            }
        }

        let services: Services
        do {
            services = try Services.make(options)
        } catch {
            printError("\(error)")
            return 1
        }
        defer { services.stop() }
        // The gazetteer loads on its own thread: the first frame never waits for it.
        // Regions imported with `places import` are read on the first search, off the UI thread.
        let gazetteer = BackgroundGazetteer()
        let places = CombinedPlaces(builtIn: gazetteer, folder: ImportedPlacesFolder(dataFile: url))
        let online: NominatimGeocoder?
        do {
            online = try CommandServices.geocoder(options, nearest: gazetteer)
        } catch {
            printError("\(error)")
            return 1
        }

        let terminal: NCursesTerminal
        do {
            var environment = ProcessInfo.processInfo.environment
            // `colour = false` in the config file means what NO_COLOR means.
            if !options.colourWanted { environment["NO_COLOR"] = "1" }
            terminal = try NCursesTerminal.start(environment: environment, mouse: options.mouseWanted)
        } catch {
            printError("\(error)")
            return 1
        }

        let app = Application(terminal: terminal)
        // Saved in the background so no key waits for the disk; flushed below before the terminal is given back.
        let repository = TripRepository(store: store, trips: trips, savingInBackground: app.post)
        // The unit chosen with `t` last time, unless --units says otherwise for this run.
        let remembered = RememberedChoices.load(beside: url)
        let settings = DisplaySettings(
            unit: options.unitsOption ?? remembered.unit ?? options.units, remembered: remembered)
        let deliver = UIDelivery.application(app)
        let timeZones = Services.timeZones(places)
        let editor = WaypointEditorDependencies(
            repository: repository, zones: Services.zones(places),
            places: places, online: online, deliver: deliver)
        let detail = TripDetailDependencies(
            repository: repository, routes: services.routes, settings: settings,
            deliver: deliver, editor: editor, matrix: services.matrix,
            timeZones: timeZones, nightPlaces: Services.nightPlaces(places), unicode: terminal.unicode,
            files: FilePrompt(owned: OwnedFiles(dataURL: url, cacheFolder: LegCache.defaultFolder())),
            along: AlongTheRoute(loading: { gazetteer.loaded() }, folder: ImportedPlacesFolder(dataFile: url)))
        let list = TripListDependencies(
            repository: repository, summaryRoutes: services.routes, estimate: EstimateRouteProvider(),
            settings: settings, startupMessage: startupMessage, detail: detail,
            newTrip: { GlobalOptions.newTrip(named: $0) }, samples: SampleTrips.load)
        app.push(TripListRouter.assembleModule(dependencies: list, navigator: app))
        app.run()
        let saveError = repository.flush()
        // Kept only where the trips are: a planner that could not save its edits keeps no choices either.
        let choicesError = lock == nil ? nil : settings.remembered.save(beside: url)
        terminal.stop()
        if let choicesError { printError(choicesError) }
        if let saveError {
            printError(saveError)
            return 1
        }
        return terminal.terminationSignal.map { 128 + $0 } ?? 0
    }
}

/// Writes a sanitised message to standard error: one line, or a line and the candidates under it
/// (the only messages that keep their line breaks).
/// One message on standard error, on one line: a line feed inside it (from a trip name, a path,
/// a server) is shown as ^J, so no name can forge a line of its own.
func printError(_ message: String) { printError(lines: [message]) }

/// A message of several lines (a list of candidates), each line made safe on its own.
func printError(lines: [String]) {
    let text = lines.enumerated().map { ($0.offset == 0 ? "roadtrip: " : "") + TerminalText.sanitize($0.element) }
    FileHandle.standardError.write(Data((text.joined(separator: "\n") + "\n").utf8))
}
