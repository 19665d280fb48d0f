/// The unit distances are shown in.
public enum DistanceUnit: String, Sendable, CaseIterable, Codable {
    case kilometers = "km"
    case miles = "mi"

    public var metersPerUnit: Double {
        switch self {
        case .kilometers: 1000
        case .miles: 1609.344
        }
    }

    /// The other unit, for the key that toggles them.
    public var toggled: DistanceUnit { self == .kilometers ? .miles : .kilometers }
}
