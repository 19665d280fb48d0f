import Foundation
import TermUI

/// What part of the map plane shows, and how large.
struct Viewport: Hashable, Sendable {
    /// The plane point at the middle of the map.
    public var center: MapPoint
    /// Plane units (radians) per braille dot; smaller is closer.
    var unitsPerDot: Double

    /// The closest zoom: about 6 m per dot.
    static let minUnitsPerDot = 1e-6
    /// The widest zoom: the whole world across about 64 dots.
    static let maxUnitsPerDot = 2 * Double.pi / 64
    /// A fit never comes closer than this (about 640 m per dot), so a lone stop shows its region.
    static let minFitUnitsPerDot = 1e-4
    /// The share of the map a fitted trip fills, leaving room for pins and names at the edges.
    static let fitFill = 0.8

    public init(center: MapPoint, unitsPerDot: Double) {
        self.center = center
        self.unitsPerDot = min(max(unitsPerDot, Self.minUnitsPerDot), Self.maxUnitsPerDot)
        self.center.y = min(max(center.y, -WebMercator.maxY), WebMercator.maxY)
    }

    /// The view that shows all of `bounds` with a margin on a map of `size` cells; the whole world when nil.
    public static func fitting(_ bounds: MapBounds?, size: Size) -> Viewport {
        let dotsW = Double(max(1, size.width * 2)), dotsH = Double(max(1, size.height * 4))
        guard let b = bounds else {
            return Viewport(center: MapPoint(x: 0, y: 0), unitsPerDot: 2 * .pi / (dotsW * fitFill))
        }
        let needed = max(b.width / (dotsW * fitFill), b.height / (dotsH * fitFill))
        return Viewport(center: b.center, unitsPerDot: max(needed, minFitUnitsPerDot))
    }

    /// Closer by `factor` (2 zooms in, 0.5 out), about the centre.
    func zoomed(by factor: Double) -> Viewport {
        Viewport(center: center, unitsPerDot: unitsPerDot / factor)
    }

    /// Moved by fractions of the map's width and height (positive: east and north).
    func panned(x: Double, y: Double, size: Size) -> Viewport {
        let c = MapPoint(
            x: center.x + x * Double(size.width * 2) * unitsPerDot,
            y: center.y + y * Double(size.height * 4) * unitsPerDot)
        return Viewport(center: c, unitsPerDot: unitsPerDot)
    }

    /// The dot position (fractional; x right, y down) of a plane point on a map of `size` cells.
    @inline(__always)
    func dot(_ p: MapPoint, size: Size) -> MapPoint {
        MapPoint(
            x: (p.x - center.x) / unitsPerDot + Double(size.width),
            y: (center.y - p.y) / unitsPerDot + Double(size.height * 2))
    }

    /// The plane area a map of `size` cells shows.
    func visibleBounds(size: Size) -> MapBounds {
        let halfW = Double(size.width) * unitsPerDot, halfH = Double(size.height * 2) * unitsPerDot
        return MapBounds(minX: center.x - halfW, minY: center.y - halfH, maxX: center.x + halfW, maxY: center.y + halfH)
    }

    /// Metres on the ground per dot at the centre of the map.
    var metersPerDot: Double {
        let lat = WebMercator.latitude(y: center.y) * .pi / 180
        return unitsPerDot * WebMercator.earthRadius * cos(lat)
    }
}
