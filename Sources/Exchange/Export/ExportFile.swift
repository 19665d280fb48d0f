import Foundation

/// Writes an export file atomically: the old file (if any) survives whole until the new
/// content is complete on disk.
public enum ExportFile {
    /// Writes `data` to a temporary file beside `path`, flushes it, renames it over `path`
    /// and flushes the folder. Mode 0644: an export is meant to be shared.
    public static func write(_ data: Data, to path: String) throws(ExchangeError) {
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        var template = Array("\(directory)/.\((path as NSString).lastPathComponent).XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw failure(path, "cannot create a file in \(directory)") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        let written = data.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
        let error = errno
        guard written, fchmod(fd, 0o644) == 0, fsync(fd) == 0 else {
            close(fd)
            throw failure(path, String(cString: strerror(error)))
        }
        close(fd)
        guard rename(temporary, path) == 0 else { throw failure(path, String(cString: strerror(errno))) }
        done = true
        let folderFD = open(directory, O_RDONLY | O_DIRECTORY)
        if folderFD >= 0 {
            fsync(folderFD)
            close(folderFD)
        }
    }

    private static func failure(_ path: String, _ reason: String) -> ExchangeError {
        ExchangeError(.writeFailed, file: path, reason: "cannot write the export: \(reason)")
    }
}
