/// The text fields of a form, keyed by the form's own field type.
///
/// The presenter owns the values; this keeps each field's cursor between keys and draws a
/// labelled row (field, placeholder while empty, error under it).
public struct FormFields<Field: Hashable> {
    private var fields: [Field: TextField] = [:]

    public init() {}

    /// Takes the presenter's values; a field whose text changed elsewhere (a paste split, a
    /// picked place) restarts with its cursor at the end.
    public mutating func sync(_ values: [Field: String]) {
        for (field, value) in values where fields[field]?.string != value {
            fields[field] = TextField(value)
        }
    }

    /// Applies an editing key to `field`; the new text when it changed, nil when the key was not
    /// an edit or changed nothing.
    public mutating func edit(_ field: Field, with key: Key) -> String? {
        var text = fields[field] ?? TextField()
        let before = text.string
        guard text.handle(key) else { return nil }
        fields[field] = text
        return text.string == before ? nil : text.string
    }

    public func text(_ field: Field) -> String { fields[field]?.string ?? "" }

    /// Draws "Label: [field]" at row `y`, the placeholder while empty, and `error` on the row below.
    @MainActor
    public func drawRow(_ field: Field, label: String, placeholder: String, error: String?, y: Int,
                        labelWidth: Int, fieldWidth: Int, focused: Bool, on canvas: Canvas) {
        let x = 2 + labelWidth
        canvas.draw(TextWidth.padLeft(label, to: labelWidth - 2) + ": ", at: Point(x: 2, y: y), style: focused ? .accent : .normal)
        let text = fields[field] ?? TextField()
        text.draw(on: canvas, at: Point(x: x, y: y), width: fieldWidth, focused: focused, style: focused ? .field : .dim)
        if text.string.isEmpty, !placeholder.isEmpty {
            canvas.draw(placeholder, at: Point(x: x + (focused ? 1 : 0), y: y), style: .dim, maxWidth: fieldWidth - 1)
        }
        if let error { canvas.draw("✗ " + error, at: Point(x: x, y: y + 1), style: .error) }
    }
}

extension Key {
    /// The answer to a yes/no question: y is yes; n, Esc and q are no; anything else is no answer yet.
    public var confirmationAnswer: Bool? {
        switch self {
        case .char("y"), .char("Y"): true
        case .char("n"), .char("N"), .escape, .char("q"): false
        default: nil
        }
    }
}
