/// Why the sample trips could not be read (the data folder is missing, the file is damaged).
public struct SampleTripsError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
