/// Why typed text was refused, in one line (positions, durations, times).
public struct CoordinateError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
