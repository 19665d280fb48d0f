import Foundation
import RoadtripCore

/// Splits the trips array of a large document into parts that other cores read while the first
/// reader reads the beginning, and hands each part's trips to that reader when it gets there.
///
/// The split points are guesses: a trip element starts where the app's own layout puts one
/// (`},` then a new line and `{` indented four spaces). A raw new line never occurs inside a JSON
/// string, so such a place is between two values, but it could be between two stops, or the file
/// may be laid out otherwise. So a part's trips are used only when the reader going through the
/// document from the start finds an element of the trips array starting exactly there; a part
/// that reaches the next split point without starting an element there reads on to the array's
/// end. Whatever the guesses, the trips are those a reading from start to end would give.
final class TripArrayParts: @unchecked Sendable {
    // @unchecked: `states` is only touched under `condition`; `bytes` is a read-only view of a document that outlives the reading.
    /// The trips read from one split point.
    struct Outcome {
        var trips: [Trip]
        /// Where the reading stopped: the next split point, or the `]` that closes the array.
        var end: Int
        var reachedEnd: Bool
    }

    /// Documents smaller than this are read by one core: starting threads would cost more.
    static let minimumBytes = 2 << 20
    static let minimumPartBytes = 1 << 19

    /// The offsets at which parts start, increasing.
    let starts: [Int]

    private enum State {
        case waiting
        case claimed
        case done(Outcome?)
    }

    // Guarded by `condition`.
    private var states: [State]
    private let condition = NSCondition()
    private let bytes: UnsafeBufferPointer<UInt8>

    /// Split points for `parts` parts of `bytes`, none if the document is too small to be worth it.
    init(bytes: UnsafeBufferPointer<UInt8>, parts: Int) {
        self.bytes = bytes
        let count = min(parts, bytes.count / Self.minimumPartBytes)
        var starts: [Int] = []
        if bytes.count >= Self.minimumBytes, count > 1 {
            for k in 1..<count {
                if let start = Self.elementStart(in: bytes, from: max(bytes.count * k / count, (starts.last ?? 0) + 1)) {
                    starts.append(start)
                }
            }
        }
        self.starts = starts
        states = Array(repeating: .waiting, count: starts.count)
    }

    /// The first `{` at or after `offset` that follows `},`, a new line and four spaces.
    private static func elementStart(in bytes: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        let pattern: [UInt8] = Array("},\n    {".utf8)
        guard let base = bytes.baseAddress, offset < bytes.count else { return nil }
        var at = offset
        while at + pattern.count <= bytes.count {
            guard let found = memchr(base + at, Int32(pattern[0]), bytes.count - at) else { return nil }
            let position = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if position + pattern.count <= bytes.count, memcmp(base + position, pattern, pattern.count) == 0 {
                return position + pattern.count - 1
            }
            at = position + 1
        }
        return nil
    }

    /// Runs a part's work; tests run it at once, to know that the parts were read before the first reader needed them.
    typealias Run = @Sendable (@escaping @Sendable () -> Void) -> Void
    static let onOtherThreads: Run = { DispatchQueue.global().async(execute: $0) }

    /// How many parts' trips the first reader took.
    private(set) var used = 0

    /// Reads every part through `run` with `read(bytes, start, nextStart)`; nil from it means
    /// the part could not be read fast, and the first reader reads that stretch itself.
    func start(
        _ read: @escaping @Sendable (_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ next: Int?) -> Outcome?,
        run: Run = onOtherThreads
    ) {
        for (k, start) in starts.enumerated() {
            let next = k + 1 < starts.count ? starts[k + 1] : nil
            run { [self] in
                guard claim(k) else { return }
                finish(k, read(bytes, start, next))
            }
        }
    }

    /// At an element of the trips array starting at `offset`: the trips of the part that starts
    /// there, waiting for it if a thread is reading it. nil when no part starts there, when the
    /// part could not be read fast, or when no thread had begun it yet: then the caller reads on.
    func outcome(at offset: Int) -> Outcome? {
        guard let k = starts.firstIndex(of: offset) else { return nil }
        // On a busy machine the part's thread may not have started: reading it here is no slower.
        if claim(k) {
            finish(k, nil)
            return nil
        }
        condition.lock()
        defer { condition.unlock() }
        while true {
            if case let .done(outcome) = states[k] {
                if outcome != nil { used += 1 }
                return outcome
            }
            condition.wait()
        }
    }

    /// Waits until no thread reads `bytes` any more, which must outlive every part.
    func waitForAll() {
        for k in starts.indices where claim(k) { finish(k, nil) }
        condition.lock()
        defer { condition.unlock() }
        while states.contains(where: { if case .done = $0 { false } else { true } }) { condition.wait() }
    }

    private func claim(_ k: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard case .waiting = states[k] else { return false }
        states[k] = .claimed
        return true
    }

    private func finish(_ k: Int, _ outcome: Outcome?) {
        condition.lock()
        states[k] = .done(outcome)
        condition.broadcast()
        condition.unlock()
    }
}
