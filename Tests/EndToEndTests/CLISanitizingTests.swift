import Foundation
import RoadtripCore
import Testing
import TestSupport

/// Names from a data file with escape sequences and controls never reach the terminal raw.
@Suite struct CLISanitizingTests {
    static let hostile = Trip(
        id: UUID(uuidString: "55555555-5555-4555-8555-555555555555")!,
        name: "\u{1B}[31mRed\u{1B}]0;title\u{07} trip\u{7F}\u{9B}2J\u{202E}",
        waypoints: [
            Waypoint(name: "\u{1B}[2JClear", coordinate: Coordinate(latitude: 1, longitude: 2)),
            Waypoint(name: "C1\u{85}\u{90}\u{9D}end", coordinate: Coordinate(latitude: 1.5, longitude: 2.5)),
            Waypoint(
                name: "gpj.\u{200F}exe\u{061C}\u{2028}next line\u{2029}", coordinate: Coordinate(latitude: 1.6, longitude: 2.6))
        ])

    /// No C0 control but newline, no DEL, no C1 control, no direction mark or override, no line
    /// or paragraph separator.
    static func isClean(_ text: String) -> Bool {
        !text.unicodeScalars.contains { s in
            let v = s.value
            return (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v)
                || (0x2066...0x2069).contains(v) || [0x200E, 0x200F, 0x061C, 0x2028, 0x2029].contains(v)
        }
    }

    @Test func tablesAndMessagesShowControlsVisibly() throws {
        let sandbox = try CLISandbox(trips: [Self.hostile, CLITrips.alps])
        let list = try sandbox.run("list")
        #expect(list.status == 0)
        #expect(Self.isClean(list.stdout), "\(list.stdout.debugDescription)")
        #expect(list.stdout.contains("^[[31mRed^[]0;title^G trip^?"))
        // Columns line up, measured as printed (every character here is one column wide):
        // each row's id starts where the header's ID does.
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(Set([lines[0].count - 2, lines[1].count - 36, lines[2].count - 36]).count == 1, "\(lines)")

        let show = try sandbox.run("show", Self.hostile.id.uuidString)
        #expect(show.status == 0)
        #expect(Self.isClean(show.stdout), "\(show.stdout.debugDescription)")
        #expect(show.stdout.contains("^[[2JClear"))
        #expect(show.stdout.contains("gpj.\u{FFFD}exe\u{FFFD}\u{FFFD}next line"))

        let missing = try sandbox.run("show", "nothing like it")
        #expect(missing.isOneLineUserError)
        #expect(Self.isClean(missing.stderr))
        #expect(missing.stderr.contains("“^[[31mRed"))

        let renamed = try sandbox.run("rename", Self.hostile.id.uuidString, "Plain")
        #expect(renamed.status == 0 && Self.isClean(renamed.stdout))
    }

    @Test func jsonEscapesEveryControlAndKeepsTheName() throws {
        let sandbox = try CLISandbox(trips: [Self.hostile])
        for args in [["list", "--json"], ["show", "\u{1B}", "--json"]] {
            let result = try sandbox.run(args)
            #expect(result.status == 0, "\(args): \(result)")
            #expect(Self.isClean(result.stdout), "\(args): \(result.stdout.debugDescription)")
            #expect(result.stdout.contains(#"\u001b[31mRed"#))
            #expect(result.stdout.contains(#"\u007f\u009b2J\u202e"#))
            let parsed = try JSONSerialization.jsonObject(with: result.stdoutData)
            let name = (parsed as? [[String: Any]])?.first?["name"] ?? (parsed as? [String: Any])?["name"]
            #expect(name as? String == Self.hostile.name, "the escapes must decode to the same name")
        }
        let show = try sandbox.run("show", Self.hostile.id.uuidString, "--json")
        #expect(show.stdout.contains(#"C1\u0085\u0090\u009dend"#))
        #expect(show.stdout.contains(#"gpj.\u200fexe\u061c\u2028next line\u2029"#))
    }

    /// An export escapes for its own format (CSV has no escapes, so what would act is dropped),
    /// whether it goes to a pipe or a terminal: no reader of the file meets an escape sequence.
    @Test func exportIsExactWhenPipedAndSafeOnATerminal() throws {
        let sandbox = try CLISandbox(trips: [Self.hostile])
        let piped = try sandbox.run("export", Self.hostile.id.uuidString, "--format", "csv")
        #expect(piped.status == 0)
        #expect(
            piped.stdout.contains("[2JClear") && Self.isClean(piped.stdout.replacingOccurrences(of: "\r\n", with: "\n")),
            "\(piped.stdout.debugDescription)")

        guard
            let (status, onTerminal) = try sandbox.runOnTerminal(
                ["export", Self.hostile.id.uuidString, "--format", "csv"])
        else { return }
        #expect(status == 0, "\(onTerminal)")
        #expect(onTerminal.contains("[2JClear") && !onTerminal.contains("^["), "\(onTerminal.debugDescription)")
        #expect(Self.isClean(onTerminal), "\(onTerminal.debugDescription)")
    }
}
