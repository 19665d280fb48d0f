/// Display choices shared by every screen, so a change on one shows on all.
@MainActor
public final class DisplaySettings {
    public var unit: DistanceUnit

    public init(unit: DistanceUnit = .kilometers) {
        self.unit = unit
    }
}
