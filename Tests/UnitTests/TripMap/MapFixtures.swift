import Foundation
import RoadtripCore
import TermUI
@testable import TripMap

/// Trips and a loaded outline store for the map tests.
enum MapFixtures {
    /// The repository's Data folder, found from this file.
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data")

    /// Both outline scales, loaded before the test draws so every screen is the same.
    static let outlines: OutlineStore = {
        let store = OutlineStore(directory: dataDirectory)
        store.loadNow(.coarse)
        store.loadNow(.fine)
        return store
    }()

    static func stop(_ name: String, _ lat: Double, _ lon: Double) -> MapModel.Stop {
        MapModel.Stop(name: name, coordinate: Coordinate(latitude: lat, longitude: lon))
    }

    /// A week in California and Nevada.
    static let california = MapModel(
        stops: [
            stop("San Francisco", 37.7749, -122.4194),
            stop("Yosemite Valley", 37.7456, -119.5936),
            stop("Las Vegas", 36.1699, -115.1398),
            stop("Los Angeles", 34.0522, -118.2437)
        ], selectedIndex: 1)

    /// Alaska to Kamchatka, across the antimeridian.
    static let beringia = MapModel(
        stops: [
            stop("Anchorage", 61.2181, -149.9003),
            stop("Nome", 64.5011, -165.4064),
            stop("Anadyr", 64.7337, 177.4968),
            stop("Petropavlovsk", 53.0452, 158.6483)
        ], selectedIndex: 0, unit: .miles)

    @MainActor
    static func render(
        _ model: MapModel, width: Int = 80, height: Int = 24, unicode: Bool = true,
        keys: [Key] = []
    ) -> (MemoryCanvas, MapState) {
        let state = MapState(outlines: outlines)
        let canvas = MemoryCanvas(width: width, height: height, unicode: unicode)
        drawMap(model, state: state, on: canvas, unicode: unicode)
        for key in keys {
            // Through the map screen's own key table, as the app dispatches them.
            if case let .action(.move(move)) = MapScreen.keys.route(key, in: .only) { state.apply(move) }
            canvas.clear()
            drawMap(model, state: state, on: canvas, unicode: unicode)
        }
        return (canvas, state)
    }
}
