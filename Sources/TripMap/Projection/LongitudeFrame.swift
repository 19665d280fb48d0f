/// Chooses where the map is cut so a trip is never split by the ±180° line.
///
/// Longitudes are unwrapped around a central longitude: a trip from Alaska (−150°) to
/// Kamchatka (+160°) gets the centre 185° and the stops −150° → 210°, +160° → 160°, so the
/// route stays one piece instead of running across the whole world.
struct LongitudeFrame: Hashable, Sendable {
    /// The longitude in the middle of the trip, in −180…180.
    public let center: Double

    public init(center: Double) { self.center = Self.normalize(center) }

    /// The frame whose centre is opposite the widest stretch of longitude without any stop.
    public init(fitting longitudes: [Double]) {
        let sorted = longitudes.filter(\.isFinite).map(Self.normalize).sorted()
        guard let first = sorted.first, let last = sorted.last else {
            self.init(center: 0)
            return
        }
        // The widest gap between neighbours on the circle, counting the wrap from last to first.
        var gapStart = last, gapWidth = first + 360 - last
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gapWidth {
            gapStart = a
            gapWidth = b - a
        }
        let occupiedStart = gapStart + gapWidth
        self.init(center: occupiedStart + (360 - gapWidth) / 2)
    }

    /// `longitude` moved by whole turns to lie within 180° of the centre.
    func unwrap(_ longitude: Double) -> Double {
        center + Self.normalize(longitude - center)
    }

    /// A line's longitudes made continuous (no jump over 180° between neighbours), its first point near the centre.
    func unwrapPath(_ longitudes: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(longitudes.count)
        for lon in longitudes {
            if let previous = out.last {
                out.append(previous + Self.normalize(lon - previous))
            } else {
                out.append(unwrap(lon))
            }
        }
        return out
    }

    /// `longitude` in −180…<180.
    static func normalize(_ longitude: Double) -> Double {
        guard longitude.isFinite else { return longitude }
        var l = longitude.truncatingRemainder(dividingBy: 360)
        if l >= 180 { l -= 360 } else if l < -180 { l += 360 }
        return l
    }
}
