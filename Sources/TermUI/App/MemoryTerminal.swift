/// A terminal in memory for tests: keys come from a script, frames land on a `MemoryCanvas`.
@MainActor
public final class MemoryTerminal: Terminal {
    public let memory: MemoryCanvas
    public var keys: [Key] = []
    public private(set) var frames = 0
    public var shouldTerminate = false
    public let wakeup = Wakeup()

    public init(width: Int, height: Int, unicode: Bool = true) {
        memory = MemoryCanvas(width: width, height: height, unicode: unicode)
    }

    public var canvas: Canvas { memory }

    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        if keys.isEmpty {
            shouldTerminate = true
            return nil
        }
        return keys.removeFirst()
    }

    public func present() { frames += 1 }
    /// How often a full repaint was asked for.
    private(set) var invalidations = 0
    public func invalidate() { invalidations += 1 }
    public func stop() {}
}
