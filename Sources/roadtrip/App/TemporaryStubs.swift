// MERGE: removed when the terminal branch lands.
import Foundation
import RoadtripCore
import TermUI
@MainActor final class NCursesTerminal { static func start(environment: [String: String]) throws -> MemoryTerminal { fatalError() } }
extension MemoryTerminal { var terminationSignal: Int32? { nil } }
