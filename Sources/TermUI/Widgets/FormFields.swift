/// The text fields of a form, keyed by the form's own field type.
///
/// The presenter owns the values; this keeps each field's cursor between keys and draws a
/// labelled row (field, placeholder while empty, error under it) or a checkbox.
public struct FormFields<Field: Hashable> {
    private var fields: [Field: TextField] = [:]
    private let limits: [Field: Int]

    /// - Parameter limits: the most characters a field holds, where not `TextField.defaultLimit`.
    public init(limits: [Field: Int] = [:]) {
        self.limits = limits
    }

    /// Takes the presenter's values; a field whose text changed elsewhere (a paste split, a
    /// picked place) restarts with its cursor at the end.
    public mutating func sync(_ values: [Field: String]) {
        for (field, value) in values where fields[field]?.string != value {
            fields[field] = TextField(value, limit: limit(field))
        }
    }

    /// The most characters `field` holds.
    public func limit(_ field: Field) -> Int { limits[field] ?? TextField.defaultLimit }

    /// Applies an editing key to `field`: the new text when it changed (nil when the key was not an
    /// edit or changed nothing), and whether the field's limit cut the key short.
    public mutating func edit(_ field: Field, with key: Key) -> (text: String?, hitLimit: Bool) {
        var text = fields[field] ?? TextField(limit: limit(field))
        let before = text.string
        guard text.handle(key) else { return (nil, false) }
        fields[field] = text
        return (text.string == before ? nil : text.string, text.hitLimit)
    }

    public func text(_ field: Field) -> String { fields[field]?.string ?? "" }

    /// The row the form's line `index` (a field, or the line after the last) is drawn on in a screen
    /// `height` rows tall: two apart from row 2, the form moved up as far as the focused field and
    /// its error line need to stay above the status line; nil for a line that then falls on the
    /// header or the status line.
    public static func row(of index: Int, focus: Int, height: Int) -> Int? {
        let shift = max(0, 2 + 2 * focus + 1 - (height - 2))
        let y = 2 + 2 * index - shift
        return y >= 1 && y <= height - 2 ? y : nil
    }

    /// Draws "Label: [field]" at row `y`, the placeholder while empty, and `error` on the row below.
    @MainActor
    public mutating func drawRow(
        _ field: Field, label: String, placeholder: String, error: String?, y: Int,
        labelWidth: Int, fieldWidth: Int, focused: Bool, on canvas: Canvas
    ) {
        let x = Self.drawLabel(label, y: y, labelWidth: labelWidth, focused: focused, on: canvas)
        var text = fields[field] ?? TextField(limit: limit(field))
        text.draw(on: canvas, at: Point(x: x, y: y), width: fieldWidth, focused: focused, style: focused ? .field : .dim)
        fields[field] = text
        if text.string.isEmpty, !placeholder.isEmpty {
            canvas.draw(placeholder, at: Point(x: x + (focused ? 1 : 0), y: y), style: .dim, maxWidth: fieldWidth - 1)
        }
        if let error { canvas.draw("✗ " + error, at: Point(x: x, y: y + 1), style: .error) }
    }

    /// Draws the right-aligned "Label: " and returns the column where the value starts.
    @MainActor
    private static func drawLabel(_ label: String, y: Int, labelWidth: Int, focused: Bool, on canvas: Canvas) -> Int {
        canvas.draw(
            TextWidth.padLeft(label, to: labelWidth - 2) + ": ", at: Point(x: 2, y: y), style: focused ? .accent : .normal)
        return 2 + labelWidth
    }
}
