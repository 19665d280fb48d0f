// swift-tools-version: 6.0
import PackageDescription

/// The performance benchmarks of issue 9, kept out of the main build and test run.
///
/// Run with `Scripts/bench/bench.sh` (a release build, then every figure in one table).
let package = Package(
    name: "perf-benchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "roadtrip", path: "../..")],
    targets: [
        .executableTarget(
            name: "PerfBenchmark",
            dependencies: [
                .product(name: "RoadtripScreens", package: "roadtrip"),
                .product(name: "RoadtripItinerary", package: "roadtrip")
            ]
        ),
    ]
)
