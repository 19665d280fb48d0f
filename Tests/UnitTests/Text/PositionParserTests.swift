import Foundation
import PropertyBased
import RoadtripCore
import Testing

/// Positions in every notation people paste, formatted from random positions and read back.
@Suite struct PositionParserTests {
    /// One way of writing a position, as another program or a person would.
    struct Notation: Sendable, CustomStringConvertible {
        var description: String
        var write: @Sendable (Coordinate) -> String
    }

    static let notations: [Notation] = [
        Notation(description: "decimal, comma") { "\(fixed($0.latitude, 7)), \(fixed($0.longitude, 7))" },
        Notation(description: "decimal, space") { "\(fixed($0.latitude, 7)) \(fixed($0.longitude, 7))" },
        Notation(description: "decimal, no space") { "\(fixed($0.latitude, 7)),\(fixed($0.longitude, 7))" },
        Notation(description: "hemisphere after") {
            "\(fixed(abs($0.latitude), 7))° \(ns($0)), \(fixed(abs($0.longitude), 7))° \(ew($0))"
        },
        Notation(description: "hemisphere before") {
            "\(ns($0))\(fixed(abs($0.latitude), 7)) \(ew($0))\(fixed(abs($0.longitude), 7))"
        },
        Notation(description: "longitude first, lettered") {
            "\(fixed(abs($0.longitude), 7))\(ew($0)) \(fixed(abs($0.latitude), 7))\(ns($0))"
        },
        Notation(description: "DMS with symbols") {
            "\(dms($0.latitude, "°", "'", "\""))\(ns($0)) \(dms($0.longitude, "°", "'", "\""))\(ew($0))"
        },
        Notation(description: "DMS with primes") {
            "\(dms($0.latitude, "°", "′", "″")) \(ns($0)), \(dms($0.longitude, "°", "′", "″")) \(ew($0))"
        },
        Notation(description: "DMS with spaces") {
            "\(dms($0.latitude, " ", " ", "")) \(ns($0)) \(dms($0.longitude, " ", " ", "")) \(ew($0))"
        },
        Notation(description: "degrees and decimal minutes") { "\(ddm($0.latitude)) \(ns($0)), \(ddm($0.longitude)) \(ew($0))" },
        Notation(description: "degrees and decimal minutes, letter first") {
            "\(ns($0))\(ddm($0.latitude)) \(ew($0))\(ddm($0.longitude))"
        },
        Notation(description: "Google Maps place link") {
            "https://www.google.com/maps/place/Somewhere/@\(fixed($0.latitude, 7)),\(fixed($0.longitude, 7)),13z/data=!3m1!4b1"
        },
        Notation(description: "Google Maps data link") {
            "https://www.google.com/maps/place/X/@1,2,10z/data=!4m6!3m5!1s0x0:0x0!8m2!3d\(fixed($0.latitude, 7))!4d\(fixed($0.longitude, 7))"
        },
        Notation(description: "Google Maps query") {
            "https://maps.google.com/?q=\(fixed($0.latitude, 7)),\(fixed($0.longitude, 7))"
        },
        Notation(description: "Google Maps API search") {
            "https://www.google.com/maps/search/?api=1&query=\(fixed($0.latitude, 7))%2C\(fixed($0.longitude, 7))"
        },
        Notation(description: "OpenStreetMap map fragment") {
            "https://www.openstreetmap.org/#map=13/\(fixed($0.latitude, 7))/\(fixed($0.longitude, 7))"
        },
        Notation(description: "OpenStreetMap marker") {
            "https://www.openstreetmap.org/?mlat=\(fixed($0.latitude, 7))&mlon=\(fixed($0.longitude, 7))#map=12/0/0"
        },
        Notation(description: "geo URI") { "geo:\(fixed($0.latitude, 7)),\(fixed($0.longitude, 7))" },
        Notation(description: "geo URI with altitude and label") {
            "geo:0,0?q=\(fixed($0.latitude, 7)),\(fixed($0.longitude, 7))(Camp)"
        }
    ]

    @Test(arguments: notations)
    func everyNotationReadsBackWithinAMicrodegree(_ notation: Notation) async {
        await propertyCheck(count: 300, input: Gen.double(in: -90...90), Gen.double(in: -180...180)) { lat, lon in
            let c = Coordinate(latitude: lat, longitude: lon)
            let text = notation.write(c)
            guard case let .position(read, _) = PositionParser.read(text) else {
                Issue.record("\(notation): “\(text)” was not read: \(PositionParser.read(text))")
                return
            }
            #expect(abs(read.latitude - lat) <= 1e-6, "\(notation): “\(text)”")
            #expect(abs(read.longitude - lon) <= 1e-6, "\(notation): “\(text)”")
        }
    }

    @Test func theExamplesPeoplePaste() {
        let cases: [(String, Double, Double)] = [
            ("47°16'08\"N 11°23'35\"E", 47.268889, 11.393056),
            ("47 33.732 N, 13 38.958 E", 47.5622, 13.6493),
            ("https://www.google.com/maps/place/Salzburg/@47.8095,13.0550,13z", 47.8095, 13.055),
            ("https://maps.google.com/?q=47.8,13.05", 47.8, 13.05),
            ("https://www.openstreetmap.org/#map=13/47.8/13.05", 47.8, 13.05),
            ("https://www.openstreetmap.org/?mlat=47.8&mlon=13.05", 47.8, 13.05),
            ("geo:47.56,13.65", 47.56, 13.65),
            ("geo:47.56,13.65,420;u=35", 47.56, 13.65),
            ("-33.86 151.21", -33.86, 151.21),
            ("33.86° S, 151.21° E", -33.86, 151.21),
            ("48° 51′ 29″ N, 2° 17′ 40″ E", 48.858056, 2.294444),
            ("47°16'08'' N, 11°23'35'' E", 47.268889, 11.393056),
            ("40.7128° N, 74.0060° W", 40.7128, -74.006),
            ("S 33° 51.6', E 151° 12.6'", -33.86, 151.21),
            ("47.8;13.05", 47.8, 13.05),
            ("  47.8 ,\t13.05  ", 47.8, 13.05)
        ]
        for (text, lat, lon) in cases {
            guard case let .position(c, _) = PositionParser.read(text) else {
                Issue.record("“\(text)”: \(PositionParser.read(text))")
                continue
            }
            #expect(abs(c.latitude - lat) < 1e-5 && abs(c.longitude - lon) < 1e-5, "“\(text)” → \(c)")
        }
    }

    @Test func linksCarryTheirPlaceName() {
        #expect(
            PositionParser.read("https://www.google.com/maps/place/Hallstatt/@47.56,13.65,14z")
                == .position(Coordinate(latitude: 47.56, longitude: 13.65), label: "Hallstatt"))
        #expect(
            PositionParser.read("geo:0,0?q=47.56,13.65(Lake%20view)")
                == .position(Coordinate(latitude: 47.56, longitude: 13.65), label: "Lake view"))
        #expect(
            PositionParser.read("geo:0,0?q=47.56,13.65(%1B%5B2Jbad)")
                == .position(Coordinate(latitude: 47.56, longitude: 13.65), label: "bad"))
    }

    @Test func namesAreNotPositions() {
        for text in ["Salzburg", "Route 66", "St. Moritz", "Athens GA", "West", "", "   ", "1e400", "nan, inf", "0x10 0x20"] {
            #expect(PositionParser.read(text) == .notAPosition, "“\(text)”")
        }
    }

    /// Each refusal is one line that shows what was read, so a person sees which half is wrong.
    @Test func refusalsSayWhatWasUnderstood() throws {
        let cases: [(String, String)] = [
            ("95, 2", "Latitude 95° is outside −90°…90° (read 95°, 2°)"),
            ("45, 200", "Longitude 200° is outside −180°…180° (read 45°, 200°)."),
            ("47 75 N, 13 E", "75 minutes: minutes must be below 60"),
            ("47 30 61 N, 13 E", "61 seconds: seconds must be below 60"),
            ("-47.8S 13", "both a minus sign and S"),
            ("47.8", "one value"),
            ("47.8 13.05 12", "3 numbers"),
            ("47,8, 13,05", "4 parts separated by commas"),
            ("47N 13S", "both halves are latitudes"),
            ("47.5 30, 13", "only the last of degrees, minutes and seconds may have decimals"),
            ("https://maps.app.goo.gl/xyz", "The link holds no position"),
            ("https://www.google.com/maps/@95.1,13,5z", "A map view link holds no place"),
            ("https://www.google.com/maps/@36.8,-114.2,8z", "A map view link holds no place"),
            ("https://www.google.com/maps/search/Zion/@37.2,-113,10z", "search for “Zion” instead"),
            (
                "https://www.google.com/maps/dir/Las+Vegas,+NV/Zion+National+Park/@36.8,-114.2,8z",
                "A directions link holds 2 stops by name"
            ),
            ("geo:47.8", "is not a geo: position")
        ]
        for (text, expected) in cases {
            guard case let .invalid(message) = PositionParser.read(text) else {
                Issue.record("“\(text)” was not refused: \(PositionParser.read(text))")
                continue
            }
            #expect(message.contains(expected), "“\(text)” → \(message)")
            #expect(!message.contains("\n"))
        }
    }

    // MARK: - Writers

    static func fixed(_ value: Double, _ decimals: Int) -> String { String(format: "%.\(decimals)f", value) }
    static func ns(_ c: Coordinate) -> String { c.latitude < 0 ? "S" : "N" }
    static func ew(_ c: Coordinate) -> String { c.longitude < 0 ? "W" : "E" }

    /// Unsigned degrees, minutes and seconds (four decimals: 3e-8°), carried so seconds stay below 60.
    static func dms(_ value: Double, _ d: String, _ m: String, _ s: String) -> String {
        let tenThousandths = Int((abs(value) * 3600 * 10_000).rounded())
        let seconds = tenThousandths % (60 * 10_000), minutes = tenThousandths / (60 * 10_000) % 60
        let degrees = tenThousandths / (3600 * 10_000)
        return "\(degrees)\(d)\(minutes)\(m)\(fixed(Double(seconds) / 10_000, 4))\(s)"
    }

    /// Unsigned degrees and decimal minutes (six decimals: 2e-8°).
    @Test func aDirectionsLinkNamesItsStopsInOrder() {
        #expect(
            PositionLink.directionsStops(
                "https://www.google.com/maps/dir/Las+Vegas,+NV/Zion+National+Park/Bryce%20Canyon/@36.8,-114.2,8z/data=!4m2")
                == ["Las Vegas, NV", "Zion National Park", "Bryce Canyon"])
        // "Your location" is an empty segment: not a stop.
        #expect(PositionLink.directionsStops("https://www.google.com/maps/dir//Moab/") == ["Moab"])
        #expect(PositionLink.directionsStops("https://www.google.com/maps/place/Moab/@38.5,-109.5,12z") == nil)
        #expect(PositionLink.directionsStops("https://www.openstreetmap.org/directions?route=1;2") == nil)
        // A search for a position is that position.
        guard case .position = PositionParser.read("https://www.google.com/maps/search/47.56,13.65") else {
            Issue.record("a search link for a position was refused")
            return
        }
    }

    static func ddm(_ value: Double) -> String {
        let millionths = Int((abs(value) * 60 * 1_000_000).rounded())
        return "\(millionths / (60 * 1_000_000)) \(fixed(Double(millionths % (60 * 1_000_000)) / 1_000_000, 6))"
    }
}
