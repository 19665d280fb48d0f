/// A one-line question under the header: a label, a text field and a hint while it is empty.
@MainActor
public enum Prompt {
    /// Draws the prompt on row 1, the field taking the width left after the label.
    public static func draw(_ label: String, field: inout TextField, placeholder: String, on canvas: Canvas) {
        canvas.draw(label, at: Point(x: 2, y: 1), style: .accent)
        let x = 2 + TextWidth.of(label), width = max(1, canvas.size.width - x - 2)
        field.draw(on: canvas, at: Point(x: x, y: 1), width: width, focused: true)
        if field.text.isEmpty {
            canvas.draw(placeholder, at: Point(x: x + 1, y: 1), style: .dim, maxWidth: width - 1)
        }
    }
}
