/// What a screen is doing, as far as its keys go.
///
/// A screen's modes are few (browsing, naming, confirming…); each binding of its key table says
/// in which of them it applies.
public protocol KeyMode: Hashable, Sendable, CaseIterable {
    /// True while a text field has the keyboard: every printable key, paste and editing key goes
    /// into the field, whatever the screen binds it to elsewhere.
    var editsText: Bool { get }
    /// How docs/keys.md and the help overlay name the mode ("naming a trip"). The first case is the
    /// screen's usual mode, which the help overlay does not name.
    var title: String { get }
}

/// One entry of a screen's key table: which keys, what they do, and when.
public struct KeyBinding<Action: Sendable, Mode: KeyMode>: Sendable {
    public let keys: [Key]
    public let action: Action
    /// What the keys do, for the help overlay and docs/keys.md ("move the selection").
    public let help: String
    /// The word on the status line, or nil for a key that only the help lists.
    public let hint: String?
    /// A shorter spelling of the keys for the status line ("↑↓/jk"); by default their names.
    public let hintKeys: String?
    let modes: Set<Mode>

    public init(
        _ keys: [Key], _ action: Action, help: String, hint: String? = nil, hintKeys: String? = nil,
        in modes: Set<Mode> = Set(Mode.allCases)
    ) {
        self.keys = keys
        self.action = action
        self.help = help
        self.hint = hint
        self.hintKeys = hintKeys
        self.modes = modes
    }

    /// The keys that reach this binding in `mode`: those a focused field does not take first.
    func reachableKeys(in mode: Mode) -> [Key] {
        guard modes.contains(mode) else { return [] }
        return mode.editsText ? keys.filter { !TextField.takes($0) } : keys
    }
}

/// Where a key goes.
public enum KeyRoute<Action> {
    /// The screen's binding for it.
    case action(Action)
    /// Into the focused text field.
    case field
    /// Nowhere: the key means nothing here.
    case ignored
}

/// Every key of one screen, declared once: dispatch, the status-line hints, the help overlay and
/// docs/keys.md's key tables all read it, so they cannot disagree.
public struct KeyTable<Action: Sendable, Mode: KeyMode>: Sendable {
    /// The screen's name in the help overlay's title and docs/keys.md ("trip list").
    public let screen: String
    let bindings: [KeyBinding<Action, Mode>]

    public init(_ screen: String, _ bindings: [KeyBinding<Action, Mode>]) {
        self.screen = screen
        self.bindings = bindings
    }

    /// Where `key` goes in `mode`. A focused field takes text and its editing keys before any binding.
    public func route(_ key: Key, in mode: Mode) -> KeyRoute<Action> {
        if mode.editsText, TextField.takes(key) { return .field }
        if let binding = bindings.first(where: { $0.modes.contains(mode) && $0.keys.contains(key) }) {
            return .action(binding.action)
        }
        return .ignored
    }

    /// The status line's hints in `mode`, in table order.
    public func hints(in mode: Mode) -> [KeyHint] {
        bindings.compactMap { binding in
            let keys = binding.reachableKeys(in: mode)
            guard let word = binding.hint, !keys.isEmpty else { return nil }
            return KeyHint(
                keys == binding.keys ? binding.hintKeys ?? Self.spell(keys) : Self.spell(keys), word, key: keys.first)
        }
    }

    /// Every key that does something in `mode`, for the help overlay; a field's editing keys follow
    /// when one has focus, and the keys every screen shares come last.
    public func help(in mode: Mode) -> [KeyHint] {
        ownHelp(in: mode) + (mode.editsText ? TextField.keys.ownHelp(in: .editing) : []) + GlobalKeys.help
    }

    /// This table's own bindings in `mode`, as help rows.
    private func ownHelp(in mode: Mode) -> [KeyHint] {
        bindings.compactMap { binding in
            let keys = binding.reachableKeys(in: mode)
            return keys.isEmpty ? nil : KeyHint(Self.spell(keys), binding.help)
        }
    }

    /// Keys bound twice in one mode, bindings a focused field would always take first, and
    /// bindings of keys the application handles itself: each would be a key handled in two places.
    public func conflicts() -> [String] {
        var problems: [String] = []
        for mode in Mode.allCases {
            var seen: [Key: String] = [:]
            for binding in bindings where binding.modes.contains(mode) {
                for key in binding.keys {
                    if let other = seen[key] {
                        problems.append("\(screen) (\(mode)): \(key.name) is bound to “\(other)” and “\(binding.help)”")
                    }
                    seen[key] = binding.help
                    if GlobalKeys.handles(key) {
                        problems.append("\(screen) (\(mode)): \(key.name) is the application's own key")
                    }
                }
                if binding.reachableKeys(in: mode).isEmpty {
                    problems.append("\(screen) (\(mode)): “\(binding.help)” is unreachable: the focused field takes its keys")
                }
            }
        }
        return problems
    }

    /// Key names joined for display: "Shift-↑ K".
    static func spell(_ keys: [Key]) -> String { keys.map(\.name).joined(separator: " ") }
}

/// Keys the application answers on every screen, before the screen sees them.
public enum GlobalKeys {
    /// Ctrl-L repaints every cell, as in every full-screen terminal program.
    public static let redraw = Key.ctrl("l")

    static func handles(_ key: Key) -> Bool { key == redraw }

    public static let help = [KeyHint(redraw.name, "redraw the screen")]
}
