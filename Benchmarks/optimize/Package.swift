// swift-tools-version: 6.0
import PackageDescription

/// The best-order benchmark, kept out of the main build and test run.
///
/// Run with `Benchmarks/optimize/run` (a release build, then the measurements).
let package = Package(
    name: "optimize-benchmark",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "roadtrip", path: "../..")],
    targets: [
        .executableTarget(
            name: "OptimizeBenchmark",
            dependencies: [.product(name: "RoadtripItinerary", package: "roadtrip")]
        ),
    ]
)
