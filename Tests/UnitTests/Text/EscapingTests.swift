import Testing
@testable import RoadtripCore

/// The one escaping loop every writer uses, with its own table.
@Suite struct EscapingTests {
    @Test func eachScalarInTheTableIsReplacedAndEveryOtherGoesToTheFormat() {
        let out = Escaping.escaped("a<b & 東京 \u{202E}", ["<": "&lt;", "&": "&amp;"]) { scalar, out in
            if scalar == "\u{202E}" { return }  // the format drops it
            out.unicodeScalars.append(scalar)
        }
        #expect(out == "a&lt;b &amp; 東京 ")
    }

    @Test func jsonQuotingEscapesQuotesBackslashesBreaksAndHiddenMarks() {
        #expect(JSONText.quoted("say \"hi\"\\\n\t\u{202E}") == "\"say \\\"hi\\\"\\\\\\n\\t\\u202e\"")
    }
}
