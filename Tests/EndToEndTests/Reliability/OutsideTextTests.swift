import Foundation
import Testing
import TestSupport

/// Names with escape sequences in a data file never reach the terminal raw through the command line.
@Suite struct OutsideTextTests {
    /// A data file whose names retitle the terminal (OSC 0 … BEL), colour it, clear it and move the cursor.
    static let hostileFile = #"""
        {
          "formatVersion" : 1,
          "trips" : [
            {
              "id" : "00000000-0000-4000-8000-0000000000E1",
              "name" : "\u001b]0;pwned\u0007Evil trip",
              "waypoints" : [
                { "id" : "00000000-0000-4000-8000-0000000000F1", "latitude" : 48.8584, "longitude" : 2.2945,
                  "name" : "\u001b[31mred\u001b[0m stop" },
                { "id" : "00000000-0000-4000-8000-0000000000F2", "latitude" : 45.764, "longitude" : 4.8357,
                  "name" : "\u001b[2J\u001b[10;5Hmoved \u009b31m c1 \u202eevil\u007f" }
              ]
            }
          ]
        }
        """#

    /// Bytes a terminal would act on: C0 (but newline), DEL, C1 as UTF-8, bidi overrides as UTF-8.
    static func activeBytes(in data: Data) -> [String] {
        var found: [String] = []
        let b = [UInt8](data)
        for i in b.indices {
            if (b[i] < 0x20 && b[i] != 0x0A) || b[i] == 0x7F { found.append(String(format: "0x%02x at %d", b[i], i)) }
            if b[i] == 0xC2, i + 1 < b.count, (0x80...0x9F).contains(b[i + 1]) { found.append("C1 at \(i)") }
            if b[i] == 0xE2, i + 2 < b.count,
                (b[i + 1] == 0x80 && (0xAA...0xAE).contains(b[i + 2]))
                    || (b[i + 1] == 0x81 && (0xA6...0xA9).contains(b[i + 2]))
            {
                found.append("bidi at \(i)")
            }
        }
        return found
    }

    @Test(arguments: [
        ["list"], ["show", "00000000-0000-4000-8000-0000000000E1"], ["list", "--json"],
        ["show", "00000000-0000-4000-8000-0000000000E1", "--json"]
    ])
    func commandOutputHoldsNoActiveByte(_ command: [String]) throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try Data(Self.hostileFile.utf8).write(to: file)
            let outcome = try RoadtripProcess.run(command + ["--data", file.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(
                Self.activeBytes(in: outcome.stdoutData).isEmpty,
                "\(Self.activeBytes(in: outcome.stdoutData)) in \(outcome.stdout)")
            #expect(Self.activeBytes(in: outcome.stderrData).isEmpty)
            if !command.contains("--json") {
                #expect(outcome.stdout.contains("^[]0;pwned^GEvil"), "\(outcome.stdout)")
            } else {
                // JSON keeps the data, escaped: a script reading it gets the names back exactly.
                #expect(outcome.stdout.contains(#"\u001b]0;pwned\u0007Evil trip"#), "\(outcome.stdout)")
            }
        }
    }

    @Test func detailShowsEveryStopVisibly() throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try Data(Self.hostileFile.utf8).write(to: file)
            let outcome = try RoadtripProcess.run(["show", "00000000-0000-4000-8000-0000000000E1", "--data", file.path])
            #expect(outcome.stdout.contains("^[[31mred^[[0m stop"), "\(outcome.stdout)")
            #expect(outcome.stdout.contains("^[[2J^[[10;5Hmoved \u{FFFD}31m c1 \u{FFFD}evi"), "\(outcome.stdout)")
        }
    }

    @Test(arguments: [
        ["show", "\u{1B}]0;pwned\u{07}nope"], ["rename", "x\u{9B}2J", "y"], ["--bogus\u{1B}[31m"],
        ["list", "--units", "\u{1B}[2J"]
    ])
    func errorMessagesQuotingTheCommandLineAreInert(_ arguments: [String]) throws {
        try withFolder { folder in
            let file = folder.appendingPathComponent("trips.json")
            try Data(Self.hostileFile.utf8).write(to: file)
            let outcome = try RoadtripProcess.run(arguments + ["--data", file.path])
            #expect(outcome.status != 0)
            #expect(!outcome.stderrData.isEmpty)
            #expect(Self.activeBytes(in: outcome.stderrData).isEmpty, "\(outcome.stderr)")
            #expect(Self.activeBytes(in: outcome.stdoutData).isEmpty)
        }
    }
}
