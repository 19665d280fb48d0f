import Foundation

/// Reads a file whole, but never more than a cap: a 200 MB file is refused from its size
/// before a byte of it is read, and a pipe or a file still growing is cut off at the cap.
///
/// Never blocks for good: the file is opened without waiting for a writer (a named pipe nobody
/// writes to), and a pipe is waited on in short slices, so `control` can stop the read.
enum FileBytes {
    static func read(_ path: String, maxBytes: Int, control: TransferControl? = nil) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw ParseFailure(.unreadable, "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ParseFailure(.unreadable, "cannot read: \(String(cString: strerror(errno)))") }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw ParseFailure(.unreadable, "is a folder, not a file") }
        let size = kind == S_IFREG ? Int(info.st_size) : nil
        if let size, size > maxBytes { throw tooLarge(size, maxBytes) }
        let name = (path as NSString).lastPathComponent

        var bytes: [UInt8] = []
        if let size { bytes.reserveCapacity(size) }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var lastReport = 0
        var sawData = false
        while true {
            if control?.isStopped == true { throw ParseFailure(.unreadable, "reading was stopped") }
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN {
                    try waitForInput(fd, control: control)
                    continue
                }
                throw ParseFailure(.unreadable, "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 {
                // A named pipe with no writer yet reads as ended: wait for one, as a blocking read would.
                if kind == S_IFIFO && !sawData {
                    try waitForInput(fd, control: control)
                    if hungUp(fd) { break }
                    continue
                }
                break
            }
            sawData = true
            bytes += chunk[..<n]
            if bytes.count > maxBytes { throw tooLarge(nil, maxBytes) }
            if let control, bytes.count - lastReport >= 1 << 20 {
                lastReport = bytes.count
                control.report("Reading \(name): \(megabytes(bytes.count))" + (size.map { " of \(megabytes($0))" } ?? ""))
            }
        }
        return bytes
    }

    /// Sleeps until `fd` has input (or its writer is gone), waking every tenth of a second to see
    /// whether the read was stopped.
    private static func waitForInput(_ fd: Int32, control: TransferControl?) throws {
        while true {
            if control?.isStopped == true { throw ParseFailure(.unreadable, "reading was stopped") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 100)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR { throw ParseFailure(.unreadable, "cannot read: \(String(cString: strerror(errno)))") }
        }
    }

    /// Whether the pipe's writer has gone with nothing more to read.
    private static func hungUp(_ fd: Int32) -> Bool {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pfd, 1, 0) > 0 && pfd.revents & Int16(POLLHUP) != 0 && pfd.revents & Int16(POLLIN) == 0
    }

    static func tooLarge(_ size: Int?, _ maxBytes: Int) -> ParseFailure {
        let what = size.map { "the file is \(megabytes($0))" } ?? "the file is larger than \(megabytes(maxBytes))"
        return ParseFailure(.tooLarge, "\(what); imports are limited to \(megabytes(maxBytes))")
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(Int((Double(bytes) / 1_000_000).rounded())) MB" : "\(bytes) bytes"
    }
}
