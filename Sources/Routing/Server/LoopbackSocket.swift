#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP socket bound to 127.0.0.1 on a port the kernel picked, listening when asked: for finding
/// a free port, and for the small local servers of the tests and benchmarks.
public struct LoopbackSocket: Sendable {
    public let descriptor: Int32
    public let port: Int

    /// A new socket bound to port 0 of 127.0.0.1 (and listening with `backlog`, when given);
    /// nil, with errno set and nothing left open, when any step fails.
    public static func make(listening backlog: Int32? = nil) -> LoopbackSocket? {
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(fd, raw, length) == 0 && (backlog.map { listen(fd, $0) == 0 } ?? true)
                    && getsockname(fd, raw, &length) == 0
            }
        }
        guard ready else {
            let saved = errno
            close(fd)
            errno = saved
            return nil
        }
        return LoopbackSocket(descriptor: fd, port: Int(UInt16(bigEndian: address.sin_port)))
    }
}
