#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system calls through which the store writes, replaceable so tests can inject disk faults.
///
/// Each returns what the system call returns and leaves the reason in `errno`. Faults that a
/// real folder can produce (a directory in the file's place, a missing folder) are tested for
/// real; this seam exists for the ones a test cannot cause as root, like a full disk or an I/O error.
public struct FileSystemCalls: Sendable {
    public var write: @Sendable (_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int
    public var fsync: @Sendable (_ fd: Int32) -> Int32
    public var rename: @Sendable (_ from: String, _ to: String) -> Int32
    public var link: @Sendable (_ existing: String, _ new: String) -> Int32
    /// Runs once a large data file is mapped, before it is parsed: where a test cuts the file short.
    public var didMapFile: @Sendable (_ path: String) -> Void = { _ in }

    public init(
        write: @escaping @Sendable (Int32, UnsafeRawBufferPointer) -> Int,
        fsync: @escaping @Sendable (Int32) -> Int32,
        rename: @escaping @Sendable (String, String) -> Int32,
        link: @escaping @Sendable (String, String) -> Int32
    ) {
        self.write = write
        self.fsync = fsync
        self.rename = rename
        self.link = link
    }

    /// The real system calls.
    public static let system = FileSystemCalls(write: systemWrite, fsync: systemFsync, rename: systemRename, link: systemLink)
}

// Outside the type, where each name is the C library's call (Glibc's or Darwin's), not the property.
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { write(fd, bytes.baseAddress, bytes.count) }
private func systemFsync(_ fd: Int32) -> Int32 { fsync(fd) }
private func systemRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }

/// The system's wording for `code`, e.g. "No space left on device".
public func systemMessage(_ code: Int32) -> String {
    String(cString: strerror(code))
}
