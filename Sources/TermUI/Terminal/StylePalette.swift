/// How each `Style` looks: colours when the terminal has them and the user wants them,
/// attributes alone otherwise (NO_COLOR, a monochrome terminal).
struct StylePalette: Sendable {
    /// Text attributes curses can combine.
    struct Attributes: OptionSet, Hashable, Sendable {
        let rawValue: UInt8
        static let bold = Attributes(rawValue: 1)
        static let reverse = Attributes(rawValue: 2)
        static let underline = Attributes(rawValue: 4)
        static let dim = Attributes(rawValue: 8)
    }

    /// The eight ANSI colours, or the terminal's own default.
    enum Color: Int16, Sendable {
        case terminalDefault = -1
        case black = 0, red, green, yellow, blue, magenta, cyan, white
    }

    /// One style's look: attributes and, with colour, a foreground and background.
    struct Look: Hashable, Sendable {
        var attributes: Attributes
        var foreground: Color = .terminalDefault
        var background: Color = .terminalDefault
    }

    /// Whether colours are used at all.
    let usesColor: Bool

    /// The palette for a terminal with or without colours, honouring NO_COLOR (any value, even empty).
    init(terminalHasColors: Bool, environment: [String: String]) {
        usesColor = terminalHasColors && environment["NO_COLOR"] == nil
    }

    func look(_ style: Style) -> Look {
        usesColor ? Self.colored(style) : Look(attributes: Self.monochrome(style))
    }

    private static func colored(_ style: Style) -> Look {
        switch style {
        case .normal: Look(attributes: [])
        case .header: Look(attributes: [.bold], foreground: .white, background: .blue)
        case .status: Look(attributes: [], foreground: .white, background: .blue)
        case .statusKey: Look(attributes: [.bold], foreground: .yellow, background: .blue)
        case .selected: Look(attributes: [], foreground: .black, background: .cyan)
        case .field: Look(attributes: [.underline], foreground: .white, background: .black)
        case .dim: Look(attributes: [.dim])
        case .accent: Look(attributes: [], foreground: .cyan)
        case .error: Look(attributes: [.bold], foreground: .red)
        case .warning: Look(attributes: [.bold], foreground: .yellow)
        case .success: Look(attributes: [], foreground: .green)
        case .land: Look(attributes: [], foreground: .green)
        case .route: Look(attributes: [.bold], foreground: .yellow)
        case .pin: Look(attributes: [.bold], foreground: .red)
        case .pinSelected: Look(attributes: [.bold], foreground: .white, background: .red)
        case .code: Look(attributes: [.bold], foreground: .white, background: .black)
        }
    }

    // Without colour every style must still be told apart where it matters: bars and the
    // selection by reverse video, fields by underline, emphasis by bold.
    private static func monochrome(_ style: Style) -> Attributes {
        switch style {
        case .normal, .success, .land, .code: []
        case .header, .statusKey, .pinSelected: [.reverse, .bold]
        case .status, .selected: [.reverse]
        case .field: [.underline]
        case .dim: [.dim]
        case .accent, .error, .warning, .route, .pin: [.bold]
        }
    }
}
