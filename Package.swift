// swift-tools-version: 6.0
import PackageDescription

/// roadtrip: a full-screen terminal road-trip planner.
///
/// Dependencies run one way: the executable wires the VIPER modules
/// (TripList → TripDetail → WaypointEditor), which draw through TermUI and
/// reach data only through RoadtripCore and the services beside it.
let package = Package(
    name: "roadtrip",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "roadtrip", targets: ["roadtrip"]),
        // For Benchmarks/optimize, a package of its own so the main build never compiles it.
        .library(name: "RoadtripItinerary", targets: ["RoadtripCore", "Itinerary"]),
        // For Benchmarks/perf: the screens as the app wires them, measured from outside the main build.
        .library(
            name: "RoadtripScreens",
            targets: ["RoadtripCore", "TripFile", "TermUI", "Routing", "Exchange", "TripList", "TripDetail", "WaypointEditor"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0")
    ],
    targets: [
        .systemLibrary(
            name: "CNCursesW",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncursesw5-dev"])]
        ),
        // Debian's QR encoder, for `roadtrip link --qr` and the planner's links screen.
        .systemLibrary(
            name: "CQRencode",
            pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]
        ),
        .target(name: "QRCode", dependencies: ["CQRencode"]),
        // Terminal toolkit: no trip knowledge.
        .target(name: "TermUI", dependencies: ["CNCursesW"]),
        // Entities, store, geodesy, formatting: no curses.
        .target(name: "RoadtripCore"),
        // The trips file: its JSON format (FORMAT.md), the hand-written reader and writer, the store.
        .target(name: "TripFile", dependencies: ["RoadtripCore", "CGuardedMapping"], exclude: ["FORMAT.md"]),
        // Maps a large data file so that the file cut short mid-read is an error, not SIGBUS.
        .target(name: "CGuardedMapping"),
        // Services beside the core.
        .target(name: "Gazetteer", dependencies: ["RoadtripCore", "HTTP"]),
        // Bounded GETs (a time limit and a size limit) for the routing and geocoding services.
        .target(name: "HTTP"),
        .target(name: "Routing", dependencies: ["RoadtripCore", "HTTP"]),
        .target(name: "Exchange", dependencies: ["RoadtripCore", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),
        .target(name: "Itinerary", dependencies: ["RoadtripCore"]),
        // OpenStreetMap PBF extracts into the user gazetteer; the protobuf code is generated and committed.
        .target(
            name: "PlaceImport",
            dependencies: ["RoadtripCore", "Gazetteer", "Exchange", .product(name: "SwiftProtobuf", package: "swift-protobuf")],
            exclude: ["Schema"]
        ),
        .target(name: "TripMap", dependencies: ["RoadtripCore", "TermUI"]),
        // VIPER modules, one per screen.
        .target(name: "WaypointEditor", dependencies: ["RoadtripCore", "TermUI", "Gazetteer"]),
        .target(
            name: "TripDetail",
            dependencies: [
                "RoadtripCore", "TermUI", "WaypointEditor", "TripMap", "Itinerary", "Exchange", "ScreenKit", "QRCode"
            ]),
        .target(name: "TripList", dependencies: ["RoadtripCore", "TermUI", "TripDetail", "Exchange", "ScreenKit"]),
        // What both lists' screens share: the file prompts' flow, file transfers, save news, the list's parts.
        .target(name: "ScreenKit", dependencies: ["RoadtripCore", "TermUI", "Exchange"]),
        .executableTarget(
            name: "roadtrip",
            dependencies: [
                "RoadtripCore", "TripFile", "TermUI", "TripList", "TripDetail", "WaypointEditor", "ScreenKit",
                "Gazetteer", "Routing", "Exchange", "Itinerary", "TripMap", "CGuardedMapping", "PlaceImport", "QRCode",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "TOMLKit", package: "TOMLKit")
            ]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["RoadtripCore", "TermUI"],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "UnitTests",
            dependencies: [
                "TestSupport", "RoadtripCore", "TripFile", "TermUI", "TripList", "TripDetail", "WaypointEditor", "ScreenKit",
                "Gazetteer", "Routing", "Exchange", "Itinerary", "TripMap", "CGuardedMapping", "PlaceImport", "HTTP", "QRCode",
                .product(name: "PropertyBased", package: "swift-property-based"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation")
            ],
            exclude: ["Snapshots"]
        ),
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "RoadtripCore", "TripFile", "Routing", "Itinerary"])
    ]
)
