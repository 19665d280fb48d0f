#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP port on 127.0.0.1 that nothing listens on right now: the kernel picks it when asked to
/// bind port 0. Another process could take it before the caller binds it, so callers retry.
public enum FreePort {
    public static func loopback() -> Int? {
        guard let socket = LoopbackSocket.make() else { return nil }
        close(socket.descriptor)
        return socket.port
    }
}
