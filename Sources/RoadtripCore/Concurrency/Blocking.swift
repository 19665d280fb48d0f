import Foundation

/// Runs async work to completion from synchronous code: a command's main thread, never a Swift
/// concurrency task (it would hold one of the pool's few threads while waiting for another).
public enum Blocking {
    public static func wait<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let box = Box<T>()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            box.value = await work()
            done.signal()
        }
        done.wait()
        return box.value!
    }

    /// The task's result, handed to the waiting thread.
    private final class Box<T>: @unchecked Sendable {
        // @unchecked: written by the task before the semaphore is signalled, read after: never at once.
        var value: T?
    }
}
