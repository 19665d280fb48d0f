import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Issue 33, class 5: output that cannot be turned against its reader. Every writer of the real
/// binary, into a pipe (where the bytes go out exactly as written, no terminal cleaning after
/// them): road names from a routing server, trip and stop names and notes from the data file, and
/// labels from map links never come out with a character that acts without showing (escape and
/// string commands, C0 and C1 controls, direction marks and overrides, BOM, line and paragraph
/// separators), and never with a line break of their own. Messages stay one line each, and a
/// paste that holds its own end marker is text, never keys.
@Suite(.serialized)
struct OutputSafetyTests {
    // MARK: - The corpus and the check

    /// Each piece would act on a reader in its own way: reset the terminal (ESC c), switch it to
    /// line drawing (ESC ( 0), a DCS string, an 8-bit DCS, an 8-bit CSI, a bell, a line of its
    /// own, reversed text, a line or paragraph separator, direction marks and isolates, a BOM,
    /// NEL, an OSC retitle, a colour, a tab, and the rarer format marks.
    static let corpus = [
        "\u{1B}c", "\u{1B}(0", "\u{1B}P1;2|x\u{1B}\\", "\u{90}q\u{9C}", "\u{9B}31m", "\u{07}", "a\r\nb", "\u{202E}",
        "\u{2028}", "\u{2029}", "\u{200F}", "\u{2066}", "\u{FEFF}", "\u{85}", "\u{1B}]0;pwned\u{07}", "\u{1B}[31m",
        "\t", "\u{061C}", "\u{200E}", "\u{206A}", "\u{FFF9}", "\u{2069}", "\u{7F}", "\r", "\n"
    ]

    /// `word` with the whole corpus inside it.
    static func laced(_ word: String) -> String { word + corpus.joined(separator: "·") + "end" }

    /// What no writer may emit raw (the rule is restated here, not borrowed from the product):
    /// every C0 control (tab, CR and LF included: a format's own line ends are split off before
    /// this is asked), DEL, every C1 control (NEL among them), the Arabic letter mark, LRM/RLM,
    /// the embeddings and overrides, the isolates and the deprecated format marks, the line and
    /// paragraph separators, the BOM and the interlinear annotation marks.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x20 || (0x7F...0x9F).contains(v) { return true }
        switch v {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x206F, 0x2028, 0x2029, 0xFEFF, 0xFFF9...0xFFFB: return true
        default: return false
        }
    }

    /// `text` cut into lines at `lineEnd` (LF, or CR LF for ICS and CSV), scalar by scalar: a CR
    /// before an LF that is not the format's own stays in its line, and is found.
    static func lines(_ text: String, lineEnd: String = "\n") -> [[Unicode.Scalar]] {
        let end = Array(lineEnd.unicodeScalars)
        let scalars = Array(text.unicodeScalars)
        var out: [[Unicode.Scalar]] = [[]]
        var i = 0
        while i < scalars.count {
            if scalars.count - i >= end.count, Array(scalars[i..<(i + end.count)]) == end {
                out.append([])
                i += end.count
            } else {
                out[out.count - 1].append(scalars[i])
                i += 1
            }
        }
        if out.last?.isEmpty == true { out.removeLast() }
        return out
    }

    /// Every forbidden scalar in `text` outside its format's line ends, as "U+202E on line 3: …".
    static func forbidden(in text: String, lineEnd: String = "\n") -> [String] {
        var found: [String] = []
        for (number, line) in lines(text, lineEnd: lineEnd).enumerated() {
            for scalar in line where isForbidden(scalar) {
                var shown = String.UnicodeScalarView()
                shown.append(contentsOf: line.prefix(60))
                found.append(String(format: "U+%04X on line %d: ", scalar.value, number + 1) + String(shown).debugDescription)
            }
        }
        return found
    }

    /// `found` in short: which scalars, on which lines ("U+202E, U+2028 on lines 8, 15").
    static func summary(_ found: [String]) -> String {
        guard !found.isEmpty else { return "none" }
        var scalars: [String] = [], places: [String] = []
        for item in found {
            let code = String(item.prefix(while: { $0 != " " }))
            if !scalars.contains(code) { scalars.append(code) }
            if let range = item.range(of: #"(line|record) [0-9]+"#, options: .regularExpression) {
                let place = String(item[range])
                if !places.contains(place) { places.append(place) }
            }
        }
        return "\(found.count) raw: " + scalars.sorted().joined(separator: ", ") + " on " + places.joined(separator: ", ")
            + "; first: " + (found.first ?? "")
    }

    /// An iCalendar file unfolded (RFC 5545 3.1: CR LF then a space or tab continues the line).
    static func unfolded(_ ics: String) -> String {
        let scalars = Array(ics.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            if i + 2 < scalars.count, scalars[i] == "\r", scalars[i + 1] == "\n", scalars[i + 2] == " " || scalars[i + 2] == "\t"
            {
                i += 3
                continue
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }

    /// Forbidden scalars in a CSV file (RFC 4180): records end in CR LF; inside a quoted field a
    /// CR, LF or tab is the format's own way of holding one; nothing else forbidden may appear.
    static func forbidden(inCSV text: String) -> [String] {
        var found: [String] = []
        var quoted = false
        var record = 1
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if s == "\"" {
                quoted.toggle()
            } else if !quoted, s == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" {
                record += 1
                i += 2
                continue
            } else if isForbidden(s), !(quoted && (s == "\r" || s == "\n" || s == "\t")) {
                found.append(String(format: "U+%04X in record %d", s.value, record))
            }
            i += 1
        }
        return found
    }

    /// The records of a CSV file: CR LF outside quotes ends one.
    static func records(inCSV text: String) -> Int {
        var quoted = false, count = 0, previous: Unicode.Scalar = "\0"
        for s in text.unicodeScalars {
            if s == "\"" { quoted.toggle() }
            if !quoted, previous == "\r", s == "\n" { count += 1 }
            previous = s
        }
        return count
    }

    /// What a piped run wrote.
    struct Piped: CustomStringConvertible {
        var status: Int32
        var stdoutData: Data
        var stderrData: Data
        var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        var stderr: String { String(decoding: stderrData, as: UTF8.self) }
        var description: String { "status \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
    }

    /// `roadtrip COMMAND --data FILE REST…` with standard output into a real pipe (read by `cat`,
    /// as `roadtrip … | less` has it), standard error into a file.
    static func piped(_ sandbox: CLISandbox, _ args: [String]) throws -> Piped {
        let out = sandbox.file("piped.out"), err = sandbox.file("piped.err"), status = sandbox.file("piped.status")
        try? FileManager.default.removeItem(at: status)
        let command = [RoadtripProcess.binary.path, args[0], "--data", sandbox.dataURL.path] + args.dropFirst()
        let shell = try Spawn.run(
            "/bin/sh", ["-c", #"{ "$0" "$@"; echo $? > "$OUTPUT_SAFETY_STATUS"; } | cat"#] + command,
            environment: [
                "LANG": "C.UTF-8", "HOME": sandbox.folder.path, "PATH": "/usr/local/bin:/usr/bin:/bin",
                "OUTPUT_SAFETY_STATUS": status.path
            ],
            directory: sandbox.folder.path, stdout: out.path, stderr: err.path)
        let code = (try? String(contentsOf: status, encoding: .utf8)).flatMap {
            Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return Piped(
            status: shell == 0 ? (code ?? -1) : shell, stdoutData: try Data(contentsOf: out),
            stderrData: try Data(contentsOf: err))
    }

    // MARK: - 1. Directions from a routing server, as Markdown

    /// Two stops 1.1 km apart in Monaco, named from the data file with the corpus.
    static let monacoTrip = Trip(
        id: UUID(uuidString: "0C0C0C0C-0000-4000-8000-000000000001")!, name: laced("Riviera"),
        waypoints: [
            Waypoint(name: laced("Casino"), coordinate: Monaco.casino),
            Waypoint(name: laced("Palace"), coordinate: Monaco.palace)
        ])

    /// An OSRM answer for the two stops whose steps' names, refs, manoeuvre types and modifiers
    /// hold the corpus: a depart, a turn, a fork and an arrival, 1.5 km in all.
    static var hostileOSRMAnswer: String {
        func step(_ type: String, _ modifier: String, name: String, ref: String?, meters: Double, seconds: Double) -> [String:
            Any]
        {
            var step: [String: Any] = [
                "distance": meters, "duration": seconds, "name": name, "mode": "driving",
                "maneuver": ["type": type, "modifier": modifier]
            ]
            if let ref { step["ref"] = ref }
            return step
        }
        let steps = [
            step("depart", laced("right"), name: laced("Boulevard"), ref: laced("A8"), meters: 500, seconds: 60),
            step("turn", "left" + "\u{1B}c", name: "Avenue\u{2028}\u{1B}[2Jx", ref: "D\u{202E}2564", meters: 500, seconds: 70),
            step("fork" + laced(""), "slight right\u{2028}", name: laced("Rue"), ref: nil, meters: 500, seconds: 70),
            step("arrive", "left\r\n", name: laced("Place"), ref: nil, meters: 0, seconds: 0)
        ]
        let answer: [String: Any] = [
            "code": "Ok",
            "routes": [["legs": [["distance": 1500, "duration": 200, "steps": steps]]]],
            "waypoints": [["distance": 1], ["distance": 1]]
        ]
        let data = try! JSONSerialization.data(withJSONObject: answer)
        return String(decoding: data, as: UTF8.self)
    }

    /// The same route as Valhalla answers it: the corpus in every street name.
    static var hostileValhallaAnswer: String {
        let maneuvers: [[String: Any]] = [
            ["type": 1, "street_names": [laced("Boulevard"), laced("A8")], "length": 0.7, "time": 100],
            ["type": 10, "street_names": ["Avenue\u{2028}\u{1B}[2Jx", "D\u{202E}2564", laced("")], "length": 0.8, "time": 100],
            ["type": 4, "street_names": [laced("Place")], "length": 0, "time": 0]
        ]
        let answer: [String: Any] = [
            "trip": [
                "units": "kilometers",
                "legs": [["summary": ["length": 1.5, "time": 200], "maneuvers": maneuvers]]
            ]
        ]
        let data = try! JSONSerialization.data(withJSONObject: answer)
        return String(decoding: data, as: UTF8.self)
    }

    /// The Markdown directions: no forbidden scalar, and exactly the document's own lines (a title,
    /// a leg heading and `steps` numbered steps, blank lines between).
    func expectSafeMarkdownDirections(
        _ result: Piped, steps: Int, _ sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)", sourceLocation: sourceLocation)
        #expect(String(data: result.stdoutData, encoding: .utf8) != nil, "not UTF-8", sourceLocation: sourceLocation)
        let found = Self.forbidden(in: result.stdout)
        #expect(Self.summary(found) == "none", "\(result.stdout.debugDescription)", sourceLocation: sourceLocation)
        let lines = Self.lines(result.stdout).map { String(String.UnicodeScalarView($0)) }
        #expect(lines.count == 4 + steps, "\(lines)", sourceLocation: sourceLocation)
        #expect(lines.first?.hasPrefix("# Riviera") == true, "\(lines)", sourceLocation: sourceLocation)
        #expect(lines.count > 2 && lines[2].hasPrefix("## 1. Casino"), "\(lines)", sourceLocation: sourceLocation)
        let numbered = lines.filter { $0.range(of: #"^[0-9]+\. "#, options: .regularExpression) != nil }
        #expect(numbered.count == steps, "\(lines)", sourceLocation: sourceLocation)
        #expect(numbered.first?.hasPrefix("1. Start on Boulevard") == true, "\(numbered)", sourceLocation: sourceLocation)
        #expect(numbered.last == "\(steps). Arrive", "\(numbered)", sourceLocation: sourceLocation)
        // The server's words arrived cleaned: each sequence gone whole, not left as "(0", "P1;2|x" or "31m".
        let leftovers = numbered.filter { line in ["(0", "P1;2", "pwned", "31m", "[2J"].contains(where: line.contains) }
        #expect(leftovers.isEmpty, "\(leftovers)", sourceLocation: sourceLocation)
        #expect(result.stdout.hasSuffix("\n") && !result.stdout.hasSuffix("\n\n"), sourceLocation: sourceLocation)
    }

    /// JSON directions: every forbidden scalar escaped, none raw.
    func expectSafeJSONDirections(_ result: Piped, _ sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        let found = Self.forbidden(in: result.stdout)
        #expect(Self.summary(found) == "none", sourceLocation: sourceLocation)
        let document = try #require(
            try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any], sourceLocation: sourceLocation)
        // The data file's names are kept, escaped; the server's text arrives cleaned.
        #expect(document["name"] as? String == Self.monacoTrip.name, sourceLocation: sourceLocation)
        let steps = ((document["legs"] as? [[String: Any]])?.first?["steps"] as? [[String: Any]]) ?? []
        for step in steps {
            for key in ["instruction", "maneuver", "modifier", "name", "ref"] {
                if let value = step[key] as? String {
                    #expect(
                        !value.unicodeScalars.contains(where: Self.isForbidden), "\(key): \(value.debugDescription)",
                        sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func directionsFromAHostileOSRMServerAreInertMarkdown() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try OSRMFaultServer(.answer(status: 200, body: Self.hostileOSRMAnswer))
        defer { server.stop() }
        let sandbox = try CLISandbox(trips: [Self.monacoTrip])
        let id = Self.monacoTrip.id.uuidString
        let osrm = ["--osrm", server.baseURL.absoluteString]

        let markdown = try Self.piped(sandbox, ["directions", id, "--markdown"] + osrm)
        expectSafeMarkdownDirections(markdown, steps: 4)
        #expect(server.requests.first?.contains("steps=true") == true, "\(server.requests)")
        // A modifier OSRM does not document is not put into a sentence.
        #expect(markdown.stdout.contains("2. Go straight onto Avenue x (D2564)"), "\(markdown.stdout)")

        try expectSafeJSONDirections(try Self.piped(sandbox, ["directions", id, "--json"] + osrm))
    }

    @Test func directionsFromAHostileValhallaServerAreInertMarkdown() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let server = try OSRMFaultServer(.answer(status: 200, body: Self.hostileValhallaAnswer))
        defer { server.stop() }
        let sandbox = try CLISandbox(trips: [Self.monacoTrip])
        let id = Self.monacoTrip.id.uuidString
        let valhalla = ["--router", "valhalla", server.baseURL.absoluteString]

        let markdown = try Self.piped(sandbox, ["directions", id, "--markdown"] + valhalla)
        expectSafeMarkdownDirections(markdown, steps: 3)
        #expect(server.requests.first?.hasPrefix("/route?json=") == true, "\(server.requests)")
        #expect(markdown.stdout.contains("2. Turn right onto Avenue x (D2564)"), "\(markdown.stdout)")

        try expectSafeJSONDirections(try Self.piped(sandbox, ["directions", id, "--json"] + valhalla))
    }

    // MARK: - 2 and 3. Itineraries and exports of a trip whose names and notes hold the corpus

    /// Three stops (Nice, Antibes, Cannes), a night and a note of two lines in the middle, with
    /// every name and note `dressed`: the hostile trip holds the corpus in each, its plain twin the
    /// bare words. The twin's output is the document's own structure to compare against.
    static func riviera(_ dressed: (String) -> String) -> Trip {
        Trip(
            id: UUID(uuidString: "0C0C0C0C-0000-4000-8000-000000000002")!, name: dressed("Riviera"),
            waypoints: [
                Waypoint(
                    id: UUID(uuidString: "0C0C0C0C-0000-4000-8000-0000000000C1")!, name: dressed("Nice"),
                    coordinate: Coordinate(latitude: 43.7009, longitude: 7.2683), note: dressed("start"),
                    timeZone: "Europe/Paris"),
                Waypoint(
                    id: UUID(uuidString: "0C0C0C0C-0000-4000-8000-0000000000C2")!, name: dressed("Antibes"),
                    coordinate: Coordinate(latitude: 43.5808, longitude: 7.1251), stay: 7200, overnight: true,
                    note: dressed("Picasso museum") + "\n" + dressed("second line"), timeZone: "Europe/Paris"),
                Waypoint(
                    id: UUID(uuidString: "0C0C0C0C-0000-4000-8000-0000000000C3")!, name: dressed("Cannes"),
                    coordinate: Coordinate(latitude: 43.5528, longitude: 7.0174), note: dressed("end"),
                    timeZone: "Europe/Paris")
            ], startDate: Date(timeIntervalSince1970: 1_782_892_800))  // 2026-07-01 08:00 UTC
    }

    static let hostileTrip = riviera(laced)
    static let plainTrip = riviera { $0 }

    /// `args` (after the command, the trip's id) run piped on the hostile trip and on its plain twin.
    static func both(_ command: String, _ args: [String]) throws -> (hostile: Piped, plain: Piped) {
        let hostile = try CLISandbox(trips: [hostileTrip]), plain = try CLISandbox(trips: [plainTrip])
        let id = hostileTrip.id.uuidString
        return (try piped(hostile, [command, id] + args), try piped(plain, [command, id] + args))
    }

    static func text(_ line: [Unicode.Scalar]) -> String { String(String.UnicodeScalarView(line)) }

    @Test func theCalendarHoldsNoHiddenCharacter() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let (ics, plain) = try Self.both("itinerary", ["--format", "ics"])
        #expect(ics.status == 0 && ics.stderr.isEmpty, "\(ics)")
        #expect(String(data: ics.stdoutData, encoding: .utf8) != nil, "not UTF-8")
        #expect(ics.stdout.hasPrefix("BEGIN:VCALENDAR\r\n") && ics.stdout.hasSuffix("END:VCALENDAR\r\n"), "\(ics.stdout)")
        // Folded lines end in CR LF too; unfolded, every content line is clean.
        let content = Self.unfolded(ics.stdout)
        let found = Self.forbidden(in: content, lineEnd: "\r\n")
        #expect(Self.summary(found) == "none", "\(content.debugDescription)")
        // The same content lines, property for property, as the plain twin's: no name or note
        // started a line (or a property) of its own.
        let lines = Self.lines(content, lineEnd: "\r\n").map(Self.text)
        let plainLines = Self.lines(Self.unfolded(plain.stdout), lineEnd: "\r\n").map(Self.text)
        func property(_ line: String) -> String { String(line.prefix { $0 != ":" && $0 != ";" }) }
        #expect(lines.map(property) == plainLines.map(property), "\(lines)")
        #expect(lines.allSatisfy { $0.range(of: #"^[A-Z-]+[;:]"#, options: .regularExpression) != nil }, "\(lines)")
        // The names and the note are there, on their own properties.
        #expect(lines.contains { $0.hasPrefix("X-WR-CALNAME:Riviera") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("SUMMARY:Drive Nice") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("DESCRIPTION:") && $0.contains("Picasso museum") }, "\(lines)")
        // The folded file's physical lines are no longer than RFC 5545 allows (75 octets).
        let physical = Self.lines(ics.stdout, lineEnd: "\r\n").map(Self.text)
        #expect(physical.allSatisfy { $0.utf8.count <= 75 }, "\(physical.filter { $0.utf8.count > 75 })")
    }

    @Test func theMarkdownItineraryHoldsNoHiddenCharacter() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let (markdown, plain) = try Self.both("itinerary", ["--format", "markdown"])
        #expect(markdown.status == 0 && markdown.stderr.isEmpty, "\(markdown)")
        #expect(String(data: markdown.stdoutData, encoding: .utf8) != nil, "not UTF-8")
        let found = Self.forbidden(in: markdown.stdout)
        #expect(Self.summary(found) == "none", "\(markdown.stdout.debugDescription)")
        #expect(markdown.stdout.hasPrefix("# Riviera"), "\(markdown.stdout)")
        let lines = Self.lines(markdown.stdout).map(Self.text)
        for word in ["Nice", "Antibes", "Cannes", "Picasso museum", "second line"] {
            #expect(lines.contains { $0.contains(word) }, "\(word) missing: \(lines)")
        }
        // Line for line the plain twin's document: no name or note began a line, a heading or a
        // list item of its own.
        let plainLines = Self.lines(plain.stdout).map(Self.text)
        #expect(lines.count == plainLines.count, "\(lines)\n---\n\(plainLines)")
        #expect(lines.map { $0.prefix(4) } == plainLines.map { $0.prefix(4) }, "\(lines)\n---\n\(plainLines)")
    }

    @Test(arguments: ["gpx", "kml", "geojson", "json", "csv"])
    func anExportHoldsNoHiddenCharacter(_ format: String) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let (export, plain) = try Self.both("export", ["--format", format])
        #expect(export.status == 0 && export.stderr.isEmpty, "\(export)")
        #expect(String(data: export.stdoutData, encoding: .utf8) != nil, "not UTF-8")
        let text = export.stdout
        let found = format == "csv" ? Self.forbidden(inCSV: text) : Self.forbidden(in: text)
        #expect(Self.summary(found) == "none", "\(format)")
        // As many lines (records for CSV) as the plain twin's: no name or note broke a line.
        if format == "csv" {
            #expect(Self.records(inCSV: text) == 4 && Self.records(inCSV: plain.stdout) == 4, "\(text.debugDescription)")
            #expect(text.hasPrefix("order,name,latitude,longitude\r\n"), "\(text.debugDescription)")
        } else {
            #expect(Self.lines(text).count == Self.lines(plain.stdout).count, "\(text)")
        }
        switch format {
        case "gpx", "kml":
            // XML carries what it keeps as character references, never raw.
            #expect(text.hasPrefix("<?xml") && text.contains("Riviera") && text.contains("Antibes"), "\(text)")
        case "geojson":
            // JSON keeps the names exactly, as \u escapes.
            let object = try #require(try JSONSerialization.jsonObject(with: export.stdoutData) as? [String: Any])
            #expect(object["name"] as? String == Self.hostileTrip.name, "the escapes must read back as the trip's name")
        case "json":
            let object = try #require(try JSONSerialization.jsonObject(with: export.stdoutData) as? [String: Any])
            let trip = try #require((object["trips"] as? [[String: Any]])?.first)
            #expect(trip["name"] as? String == Self.hostileTrip.name, "the escapes must read back as the trip's name")
            let notes = (trip["waypoints"] as? [[String: Any]])?.map { $0["note"] as? String }
            #expect(notes == Self.hostileTrip.waypoints.map(\.note))
        default:
            break
        }
    }

    // MARK: - 4. Map links whose labels become stop names

    @Test func aMapLinksLabelIsSavedWithoutHiddenCharacters() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let links = [
            "https://www.google.com/maps/place/Evil%E2%80%AEtxt.exe/@43.7,7.4,15z",
            "geo:0,0?q=43.71,7.41(Label%E2%80%A8next%E2%80%A9para%E2%80%8Frlm%E2%81%A6iso%EF%BB%BFbom%C2%85nel%1B%5B31mred%C2%9B2Jx)",
            "https://www.google.com/maps/place/Bad%E2%80%AEgpj.exe%0Aroadtrip:%20forged%1B%5D0;t%07%C2%90q%C2%9C/@43.72,7.42,15z"
        ]
        for link in links {
            let added = try sandbox.run("add-stop", "Alps", link)
            #expect(added.status == 0, "\(link): \(added)")
            #expect(
                Self.forbidden(in: added.stdout).isEmpty && !added.stdout.dropLast().contains("\n"),
                "\(added.stdout.debugDescription)")
        }
        let names = try #require(try sandbox.trips().first).waypoints.suffix(3).map(\.name)
        #expect(names.count == 3)
        for name in names {
            #expect(!name.unicodeScalars.contains(where: Self.isForbidden), "\(name.debugDescription)")
        }
        #expect(names.first == "Eviltxt.exe", "\(names.map(\.debugDescription))")
        #expect(names.dropFirst().first?.hasPrefix("Label next para") == true, "\(names.map(\.debugDescription))")
        #expect(names.last == "Badgpj.exe roadtrip: forged", "\(names.map(\.debugDescription))")
        // Byte for byte, the file holds none of U+202E and U+2028 either.
        let bytes = try #require(sandbox.dataBytes())
        #expect(bytes.range(of: Data("\u{202E}".utf8)) == nil && bytes.range(of: Data("\u{2028}".utf8)) == nil)
    }

    // MARK: - 5. Messages are one line

    /// A data file, written by hand, whose names hold line feeds and a CR LF.
    static let lineFeedFile = #"""
        {
          "formatVersion" : 1,
          "trips" : [
            {
              "id" : "0C0C0C0C-0000-4000-8000-0000000000A1",
              "name" : "Two\nroadtrip: forged line",
              "waypoints" : [
                { "id" : "0C0C0C0C-0000-4000-8000-0000000000B1", "latitude" : 43.7393, "longitude" : 7.4276,
                  "name" : "Casino\nroadtrip: forged stop" }
              ]
            },
            {
              "id" : "0C0C0C0C-0000-4000-8000-0000000000A2",
              "name" : "Empty\r\nroadtrip: forged too\u2028x",
              "waypoints" : []
            }
          ]
        }
        """#

    static let two = "Two\nroadtrip: forged line"

    @Test(arguments: [
        ["remove-stop", two, "99"],
        ["move-stop", two, "1", "5"],
        ["edit-stop", two, "9", "--note", "x"],
        ["remove-stop", "Empty\r\nroadtrip: forged too\u{2028}x", "1"],
        ["show", "nope\nroadtrip: forged"],
        ["show", "nope\r\nroadtrip: forged\u{1B}[2K"],
        ["delete", two],
        ["rename", "0C0C0C0C-0000-4000-8000-0000000000A1", "new\nroadtrip: forged"],
        ["add-stop", two, "Springfield\nroadtrip: forged"],
        ["add-stop", two, "45.9\n, 6.8"]
    ])
    func anErrorQuotingALineFeedIsOneLine(_ args: [String]) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox()
        try Data(Self.lineFeedFile.utf8).write(to: sandbox.dataURL)
        let before = try #require(sandbox.dataBytes())
        let result = try sandbox.run(args)
        #expect(result.isOneLineUserError, "\(result.stderr.debugDescription)")
        #expect(!result.stderr.unicodeScalars.dropLast().contains(where: Self.isForbidden), "\(result.stderr.debugDescription)")
        #expect(!result.stderr.contains("\nroadtrip: forged"))
        #expect(sandbox.dataBytes() == before, "a refused command changed the file")
    }

    /// ArgumentParser's own messages span lines (a usage), but an argument quoted in them does not.
    @Test(arguments: [["--x\nroadtrip: forged"], ["list", "--units", "km\nroadtrip: forged"], ["nope\nroadtrip: forged"]])
    func aUsageErrorQuotingALineFeedForgesNoLine(_ args: [String]) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let result = try RoadtripProcess.run(args)
        #expect(result.status != 0 && result.stdout.isEmpty, "\(result)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("roadtrip: forged") }, "\(result.stderr)")
        #expect(result.stderr.contains("^Jroadtrip: forged"), "\(result.stderr)")
        #expect(
            !result.stderr.unicodeScalars.contains { Self.isForbidden($0) && $0 != "\n" }, "\(result.stderr.debugDescription)")
    }

    /// The one message of several lines, the candidates of a place name: a headline, one line a
    /// candidate, a hint; the query (made to forge) stays inside the headline.
    @Test(arguments: ["Springfield\u{2028}x", "Springfield\u{202E}"])
    func theCandidatesKeepOneLineEach(_ query: String) throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox()
        try Data(Self.lineFeedFile.utf8).write(to: sandbox.dataURL)
        let result = try sandbox.run("add-stop", Self.two, query)
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.hasSuffix("\n"))
        let lines = result.stderr.dropLast().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count >= 3, "not a list of candidates: \(result.stderr)")
        #expect(lines[0].hasPrefix("roadtrip: ") && lines[0].contains("Springfield\u{FFFD}"), "\(lines[0].debugDescription)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("  ") && $0.hasSuffix(")") }, "\(lines)")
        #expect(lines.last == "Name it more precisely, give LAT,LON, or add --first to take the first.")
        #expect(
            !result.stderr.unicodeScalars.contains { Self.isForbidden($0) && $0 != "\n" }, "\(result.stderr.debugDescription)")
    }

    // MARK: - 6. A paste holding its own end marker

    @Test(.enabled(if: TmuxSession.isAvailable, "needs tmux"))
    func aPasteHoldingItsOwnEndMarkerNeverActsOnTheTripList() throws {
        try #require(RoadtripBinary.exists, "build the app first: \(RoadtripBinary.url.path) is missing")
        let sandbox = try CLISandbox(trips: CLITrips.all)
        let original = try #require(sandbox.dataBytes())
        let session = try TmuxSession(
            command: [RoadtripBinary.url.path, "--data", sandbox.dataURL.path], width: 110, height: 32,
            environment: ["LANG": "C.UTF-8", "HOME": sandbox.folder.path])
        defer { session.kill() }
        _ = try session.waitFor(text: "roadtrip › Trips")
        _ = try session.waitFor(text: "Alpine loop")

        // tmux passes ESC[201~ inside the buffer through, between its own start and end markers.
        for text in ["ok\u{1B}[201~dd", "ok\u{1B}[201~dy", "ok\u{1B}[201~d\ry\r", "ok\u{1B}[201~\u{1B}[201~dq"] {
            try session.paste(text)
            Thread.sleep(forTimeInterval: 0.6)
            let screen = try session.capture()
            #expect(!screen.contains("Delete"), "after \(text.debugDescription):\n\(screen)")
            #expect(!screen.contains("Deleted"), "after \(text.debugDescription):\n\(screen)")
            #expect(try session.isPaneDead() == false, "the paste \(text.debugDescription) quit the planner")
        }
        #expect(try sandbox.trips().map(\.id) == CLITrips.all.map(\.id))

        // The same letters typed as keys do ask: the question would have been seen.
        try session.send(keys: ["d"])
        _ = try session.waitFor(text: "Delete")
        try session.send(keys: ["n"])
        _ = try session.waitUntil("the question gone") { !$0.contains("Delete") }
        try session.send(keys: ["q"])
        _ = try session.waitUntil(timeout: 10, "the planner to quit") { _ in (try? session.isPaneDead()) == true }
        #expect(try sandbox.trips().map(\.id) == CLITrips.all.map(\.id))
        #expect(try sandbox.trips().map(\.name) == CLITrips.all.map(\.name))
        #expect(sandbox.dataBytes() == original, "the planner rewrote the file though nothing was edited")
    }
}
