import Foundation

/// Wakes a terminal sleeping in `readKey` when work is posted from another thread.
///
/// A pipe: `signal` writes a byte from any thread, the terminal's wait watches the read end beside
/// the keyboard, so the run loop sleeps until a key, a signal or a result, and never polls.
public final class Wakeup: Sendable {
    /// The end the terminal waits on; -1 when the pipe could not be made (the loop then wakes on keys only).
    public let fd: Int32
    private let writeEnd: Int32

    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        fd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if fd >= 0 { close(fd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Makes the next (or current) wait return; a full pipe already holds a wake-up, so none is lost.
    public func signal() {
        guard writeEnd >= 0 else { return }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe once its wake-ups have been seen.
    public func drain() {
        guard fd >= 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(fd, &buffer, buffer.count) > 0 {}
    }
}
