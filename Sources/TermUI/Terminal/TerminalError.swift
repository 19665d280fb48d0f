/// Why the terminal could not be taken over; each description is one line for the user.
enum TerminalError: Error, Equatable, CustomStringConvertible {
    case notATerminal(stream: String)
    case noTerminalType
    case unknownTerminalType(String)
    case unsuitableTerminal(String, reason: String)
    case cannotStart(String)

    public var description: String {
        switch self {
        case .notATerminal(let stream):
            "\(stream) is not a terminal: the full-screen interface needs an interactive terminal"
        case .noTerminalType:
            "TERM is not set: set it to your terminal's type (for example TERM=xterm-256color)"
        case .unknownTerminalType(let term):
            "unknown terminal type '\(term)' (TERM): no terminfo entry; try TERM=xterm-256color"
        case .unsuitableTerminal(let term, let reason):
            "terminal type '\(term)' (TERM) cannot run the full-screen interface: \(reason)"
        case .cannotStart(let reason):
            "cannot start the terminal: \(reason)"
        }
    }
}
