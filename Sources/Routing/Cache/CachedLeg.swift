import Foundation
import RoadtripCore

/// What the cache remembers of one leg a server answered.
struct CachedLeg: Sendable, Equatable {
    var distanceMeters: Double
    var durationSeconds: Double
    /// The driven line, polyline6-encoded: compact on disk, decoded once when first needed.
    var encodedGeometry: String?
    var fetched: Date

    init(distanceMeters: Double, durationSeconds: Double, geometry: [Coordinate]?, fetched: Date) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.encodedGeometry = geometry.map { Polyline.encode($0) }
        self.fetched = fetched
    }

    init(distanceMeters: Double, durationSeconds: Double, encodedGeometry: String?, fetched: Date) {
        self.distanceMeters = distanceMeters
        self.durationSeconds = durationSeconds
        self.encodedGeometry = encodedGeometry
        self.fetched = fetched
    }
}
