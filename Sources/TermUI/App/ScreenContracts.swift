/// The VIPER view as its presenter sees it: it draws the view model it is handed.
@MainActor
public protocol ModelView<Model>: AnyObject {
    associatedtype Model
    func show(_ model: Model)
}

/// What a list screen's presenter hears from its view: the screen appearing, what a key asked for,
/// and a row chosen with the keys or the mouse.
@MainActor
public protocol ListPresenting<Action>: AnyObject {
    associatedtype Action
    func viewWillAppear()
    /// `typed` is the text of the field the key was pressed in (a trip's name, a file path),
    /// empty when none has the cursor.
    func handle(_ action: Action, typed: String)
    func didSelectRow(_ row: Int)
}
