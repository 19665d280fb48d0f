import RoadtripCore

/// Drive time for a stretch whose only known figure is the straight-line distance.
///
/// Roads wind (the circuity factor) and traffic slows (the average speed); the defaults,
/// 1.25 at 80 km/h, are a fair mix of motorway and country road across Europe and North America.
public struct DriveTimeEstimate: Hashable, Sendable {
    public var circuity: Double
    var speedKilometersPerHour: Double

    public init(circuity: Double = 1.25, speedKilometersPerHour: Double = 80) {
        self.circuity = circuity
        self.speedKilometersPerHour = speedKilometersPerHour
    }

    public static let standard = DriveTimeEstimate()

    /// Road metres for `straightMeters` as the crow flies.
    func roadMeters(straightMeters: Double) -> Double { straightMeters * circuity }

    /// Seconds at the wheel for `straightMeters` as the crow flies.
    public func seconds(straightMeters: Double) -> Double {
        roadMeters(straightMeters: straightMeters) / (speedKilometersPerHour / 3.6)
    }

    /// "×1.25 road factor at 80 km/h", for the note that says times are estimated.
    public var summary: String {
        let factor = circuity == circuity.rounded() ? "\(Int(circuity))" : "\(circuity)"
        return "×\(factor) road factor at \(Int(speedKilometersPerHour.rounded())) km/h"
    }
}
