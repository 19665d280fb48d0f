import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C, a termination signal, or Esc typed at the terminal cancel long work (`roads import`):
/// `cancel` is called once, and the work is left to clean up and return.
enum CancelKeys {
    static func watching<T>(cancel: @escaping @Sendable () -> Void, _ work: () throws -> T) throws -> T {
        let queue = DispatchQueue(label: "roadtrip.cancel")
        var sources: [DispatchSourceSignal] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { cancel() }
            source.resume()
            sources.append(source)
        }
        // Esc: the terminal is read a key at a time, without echo, until the work ends.
        var saved = termios()
        let keys = isatty(STDIN_FILENO) == 1 && tcgetattr(STDIN_FILENO, &saved) == 0
        var reader: DispatchSourceRead?
        if keys {
            var raw = saved
            raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &raw)
            let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: queue)
            source.setEventHandler {
                var byte: UInt8 = 0
                if read(STDIN_FILENO, &byte, 1) == 1, byte == 0x1B { cancel() }
            }
            source.resume()
            reader = source
        }
        defer {
            reader?.cancel()
            if keys { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
            for source in sources { source.cancel() }
            for number in [SIGINT, SIGTERM, SIGHUP] { signal(number, SIG_DFL) }
        }
        return try work()
    }
}
