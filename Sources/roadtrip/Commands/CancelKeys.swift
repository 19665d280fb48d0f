import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C, a termination signal, or Esc typed at the terminal cancel long work (`roads import`):
/// `cancel` is called, and the work is left to clean up and return.
enum CancelKeys {
    static func watching<T>(cancel: @escaping @Sendable () -> Void, _ work: () throws -> T) throws -> T {
        let queue = DispatchQueue(label: "roadtrip.cancel")
        var sources: [DispatchSourceSignal] = []
        var previous: [(Int32, sighandler_t?)] = []
        for number in [SIGINT, SIGTERM, SIGHUP] {
            let old = signal(number, SIG_IGN)
            // A signal ignored when roadtrip started stays ignored: `nohup roadtrip roads import …`
            // must outlive the terminal it was started from.
            if unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
            previous.append((number, old))
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { cancel() }
            source.resume()
            sources.append(source)
        }
        // Esc: the terminal is read a key at a time, without echo, until the work ends; only by the
        // job in the foreground (a background job touching the terminal would be stopped).
        var saved = termios()
        let keys =
            isatty(STDIN_FILENO) == 1 && tcgetpgrp(STDIN_FILENO) == getpgrp() && tcgetattr(STDIN_FILENO, &saved) == 0
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
            for (number, old) in previous { signal(number, old) }
        }
        return try work()
    }
}
