// swift-tools-version: 6.0
import PackageDescription

/// The map redraw benchmark, outside the main package so its test build never runs it.
///
/// Sources/{CNCursesW,TermUI,RoadtripCore,TripMap} are symbolic links to the app's own targets,
/// so this measures exactly the code the app ships. Run: `swift run -c release` in this folder.
let package = Package(
    name: "map-benchmark",
    platforms: [.macOS(.v13)],
    targets: [
        .systemLibrary(name: "CNCursesW", pkgConfig: "ncursesw", providers: [.apt(["libncursesw5-dev"])]),
        .target(name: "TermUI", dependencies: ["CNCursesW"]),
        .target(name: "RoadtripCore"),
        .target(name: "TripMap", dependencies: ["RoadtripCore", "TermUI"]),
        .executableTarget(name: "MapBenchmark", dependencies: ["TripMap", "TermUI", "RoadtripCore"]),
    ]
)
