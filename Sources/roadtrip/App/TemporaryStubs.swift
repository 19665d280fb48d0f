// MERGE: removed when the core and terminal branches land.
import Foundation
import RoadtripCore
import TermUI
enum DataLocation { static func resolve(argument: String?, environment: [String: String]) -> URL { URL(fileURLWithPath: argument ?? "/tmp/x.json") } }
enum ResourceLocator { static var dataDirectory: URL? { nil } }
final class JSONTripStore: TripStore { init(url: URL) {}; func load() throws -> TripDocument? { nil }; func save(_ d: TripDocument) throws {} }
@MainActor final class NCursesTerminal { static func start(environment: [String: String]) throws -> MemoryTerminal { fatalError() } }
extension MemoryTerminal { var terminationSignal: Int32? { nil } }
