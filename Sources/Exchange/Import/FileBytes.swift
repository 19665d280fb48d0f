import Foundation

/// Reads a file whole, but never more than a cap: a 200 MB file is refused from its size
/// before a byte of it is read, and a pipe or a file still growing is cut off at the cap.
enum FileBytes {
    static func read(_ path: String, maxBytes: Int) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ParseFailure(.unreadable, "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ParseFailure(.unreadable, "cannot read: \(String(cString: strerror(errno)))") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw ParseFailure(.unreadable, "is a folder, not a file") }
        if (info.st_mode & S_IFMT) == S_IFREG, info.st_size > maxBytes { throw tooLarge(Int(info.st_size), maxBytes) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ParseFailure(.unreadable, "cannot read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            bytes += chunk[..<n]
            if bytes.count > maxBytes { throw tooLarge(nil, maxBytes) }
        }
        return bytes
    }

    static func tooLarge(_ size: Int?, _ maxBytes: Int) -> ParseFailure {
        let what = size.map { "the file is \(megabytes($0))" } ?? "the file is larger than \(megabytes(maxBytes))"
        return ParseFailure(.tooLarge, "\(what); imports are limited to \(megabytes(maxBytes))")
    }

    private static func megabytes(_ bytes: Int) -> String {
        bytes >= 1_000_000 ? "\(Int((Double(bytes) / 1_000_000).rounded())) MB" : "\(bytes) bytes"
    }
}
