/// What every form screen keeps besides its view model: its fields' text, its help overlay and
/// the notice a key cut short by a field's limit leaves on the status line.
///
/// A class: the presenter a key reaches answers with a new view model at once, which the view
/// syncs into these fields while the key is still being handled.
@MainActor
public final class FormState<Field: Hashable> {
    public var fields: FormFields<Field>
    public let help = HelpOverlay()
    /// Said on the status line after a key that a field's length limit cut short; gone at the next key.
    public private(set) var notice: String?

    /// - Parameter limits: the most characters a field holds, where not `TextField.defaultLimit`.
    public init(limits: [Field: Int] = [:]) {
        fields = FormFields(limits: limits)
    }

    /// The status line's message: the notice of a key cut short, else the presenter's.
    public func message(_ presenters: StatusMessage?) -> StatusMessage? {
        StatusMessage.notice(notice, else: presenters)
    }

    /// The form line a click chose (to focus it), or nil: the help box takes gestures first (the
    /// wheel scrolls it, a click closes it), and anything but a click on a line means nothing here.
    public func clickedLine(_ gesture: PointerGesture) -> Int? {
        if help.take(gesture) { return nil }
        guard case let .click(.row(Self.lines, index), _) = gesture else { return nil }
        return index
    }

    /// The list name a form's lines are marked with for the mouse.
    public static var lines: String { "form" }

    /// Marks line `index` of the form, drawn on row `y`, for the mouse.
    public func markLine(_ index: Int, y: Int, on canvas: Canvas) {
        canvas.mark(Rect(x: 0, y: y, width: canvas.size.width, height: 1), as: .row(list: Self.lines, index: index))
    }

    /// Handles a key on a form: an open help overlay takes it first; else it edits the focused
    /// field (whose new text goes to `edited`), opens help (`helpAction`) or is the screen's `action`.
    public func handle<Action: Equatable>(
        _ route: KeyRoute<Action>, key: Key, focus: Field, label: String, helpAction: Action,
        edited: (String) -> Void, action: (Action) -> Void
    ) {
        notice = nil
        if help.close(on: key) { return }
        switch route {
        case .field:
            let edit = fields.edit(focus, with: key)
            if edit.hitLimit { notice = "\(label) takes at most \(fields.limit(focus)) characters; the rest was left out." }
            if let text = edit.text { edited(text) }
        case let .action(chosen) where chosen == helpAction: help.open()
        case let .action(chosen): action(chosen)
        case .ignored: break
        }
    }
}
