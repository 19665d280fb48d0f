/// The edits undo and redo can take back, each kept as the edit that reverses it.
///
/// An edit to one trip keeps that trip's previous value, adding or deleting a trip keeps the
/// trip and its position, and only an edit the repository cannot describe more closely keeps a
/// whole list: undo costs memory and time in proportion to what the edit touched.
struct EditHistory {
    private var undoStack: [(label: String, edit: TripEdit)] = []
    private var redoStack: [(label: String, edit: TripEdit)] = []

    var canUndo: Bool { !undoStack.isEmpty }
    var canRedo: Bool { !redoStack.isEmpty }

    /// Records a new edit as `label` and the edit that reverses it; nothing undone can be redone after it.
    mutating func record(_ label: String, reversedBy inverse: TripEdit) {
        undoStack.append((label, inverse))
        redoStack.removeAll()
    }

    /// Takes the last edit back through `apply`, which makes an edit and returns its inverse;
    /// returns the edit's label, or nil when there is nothing to undo.
    mutating func undo(_ apply: (TripEdit) -> TripEdit) -> String? {
        guard let last = undoStack.popLast() else { return nil }
        redoStack.append((last.label, apply(last.edit)))
        return last.label
    }

    /// Makes the last undone edit again through `apply`; returns its label, or nil when there is nothing to redo.
    mutating func redo(_ apply: (TripEdit) -> TripEdit) -> String? {
        guard let next = redoStack.popLast() else { return nil }
        undoStack.append((next.label, apply(next.edit)))
        return next.label
    }
}
