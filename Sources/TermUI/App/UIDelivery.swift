/// Brings results of background work back to the UI thread.
///
/// The app hands the run loop's `post`; tests hand a delivery that collects or runs work at once.
public struct UIDelivery: Sendable {
    private let post: @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void
    private let started: @Sendable () -> Void
    private let ended: @Sendable () -> Void

    public init(
        post: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void,
        started: @escaping @Sendable () -> Void = {}, ended: @escaping @Sendable () -> Void = {}
    ) {
        self.post = post
        self.started = started
        self.ended = ended
    }

    /// Delivery through the application's run loop, which each posting wakes.
    public static func application(_ app: Application) -> UIDelivery {
        UIDelivery(post: { [weak app] work in app?.post(work) })
    }

    /// Declares that background work started: a test's delivery counts jobs in flight by it, so it
    /// knows when every job has delivered; the run loop needs no notice, being woken by the result.
    public func begin() { started() }

    /// Hands the result of work begun with `begin()` back to the UI thread.
    public func finish(_ work: @escaping @MainActor @Sendable () -> Void) {
        post(work)
        ended()
    }

    /// Hands news that no `begin()` announced (data a shared loader finished) to the UI thread, where
    /// it changes what is drawn: the frame after it is delivered shows it, so a repaint never differs.
    public func news(_ work: @escaping @MainActor @Sendable () -> Void) { post(work) }
}
