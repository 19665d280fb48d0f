import Foundation
import RoadtripCore

/// Why a JSON text is not valid, and the byte offset where that became clear.
struct JSONSyntaxError: Error, Equatable {
    var offset: Int
    var reason: String
}

/// A strict RFC 8259 scanner that knows where it is, for the messages Foundation's decoder cannot give.
///
/// It builds nothing: it checks syntax and can find where a value sits, so the store can point
/// at `line:column` for a syntax error and at the line of a value whose content is wrong. It
/// runs only after the decoder has refused a file, so it favours clear messages over speed.
struct JSONScanner {
    /// Deeper nesting is refused rather than risking the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var i = 0
    /// The path being looked for, and the offset of its value once found.
    private let target: [JSONPathComponent]?
    private var found: Int?

    private init(bytes: [UInt8], target: [JSONPathComponent]?) {
        self.bytes = bytes
        self.target = target
    }

    /// Throws the first syntax error in `bytes`.
    static func validate(_ bytes: [UInt8]) throws(JSONSyntaxError) {
        var scanner = JSONScanner(bytes: bytes, target: nil)
        try scanner.document()
    }

    /// The byte offset where the value at `path` starts, if the text is valid and has it.
    static func offset(of path: [JSONPathComponent], in bytes: [UInt8]) -> Int? {
        var scanner = JSONScanner(bytes: bytes, target: path)
        do { try scanner.document() } catch { return scanner.found }
        return scanner.found
    }

    private mutating func document() throws(JSONSyntaxError) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { i = 3 }  // a UTF-8 byte order mark
        skipSpace()
        guard i < bytes.count else { throw JSONSyntaxError(offset: i, reason: "the file is empty, expected a JSON object") }
        try value(depth: 0, path: target == nil ? nil : [])
        skipSpace()
        guard i == bytes.count else {
            throw JSONSyntaxError(offset: i, reason: "unexpected \(describeHere()) after the end of the JSON document")
        }
    }

    /// `path` is where the value sits while it lies on the way to the target, else nil.
    private mutating func value(depth: Int, path: [JSONPathComponent]?) throws(JSONSyntaxError) {
        if let path, path == target { found = i }
        guard i < bytes.count else { throw JSONSyntaxError(offset: i, reason: "unexpected end of file, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): try object(depth: depth + 1, path: path)
        case UInt8(ascii: "["): try array(depth: depth + 1, path: path)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw JSONSyntaxError(offset: i, reason: "NaN and Infinity are not numbers in JSON")
        case UInt8(ascii: "'"):
            throw JSONSyntaxError(offset: i, reason: "strings need double quotes, not single quotes")
        default:
            throw JSONSyntaxError(offset: i, reason: "unexpected \(describeHere()), expected a value")
        }
    }

    private mutating func object(depth: Int, path: [JSONPathComponent]?) throws(JSONSyntaxError) {
        let open = i
        try checkDepth(depth)
        i += 1
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            i += 1
            return
        }
        while true {
            skipSpace()
            guard i < bytes.count else { throw unclosed("object", open) }
            guard bytes[i] == UInt8(ascii: "\"") else {
                let reason =
                    bytes[i] == UInt8(ascii: "}")
                    ? "trailing comma before }"
                    : "unexpected \(describeHere()), expected a key in double quotes"
                throw JSONSyntaxError(offset: i, reason: reason)
            }
            let keyStart = i
            try string()
            let child = path.flatMap { memberPath($0, key: keyStart..<i) }
            skipSpace()
            guard peek(UInt8(ascii: ":")) else {
                throw i < bytes.count
                    ? JSONSyntaxError(offset: i, reason: "unexpected \(describeHere()), expected : after the key")
                    : unclosed("object", open)
            }
            i += 1
            skipSpace()
            try value(depth: depth, path: child)
            if try closes("}", "object", open, after: "a member") { return }
        }
    }

    private mutating func array(depth: Int, path: [JSONPathComponent]?) throws(JSONSyntaxError) {
        let open = i
        try checkDepth(depth)
        i += 1
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            i += 1
            return
        }
        var index = 0
        while true {
            skipSpace()
            guard i < bytes.count else { throw unclosed("list", open) }
            if bytes[i] == UInt8(ascii: "]") { throw JSONSyntaxError(offset: i, reason: "trailing comma before ]") }
            try value(depth: depth, path: path.flatMap { towardTarget($0, .index(index)) })
            index += 1
            if try closes("]", "list", open, after: "a list element") { return }
        }
    }

    /// After a member or element: true past the closing `close`, false past a comma (another
    /// follows); anything else is the error that names what was expected.
    private mutating func closes(
        _ close: Unicode.Scalar, _ what: String, _ open: Int, after: String
    ) throws(JSONSyntaxError) -> Bool {
        skipSpace()
        guard i < bytes.count else { throw unclosed(what, open) }
        let byte = bytes[i]
        guard byte == UInt8(ascii: close) || byte == UInt8(ascii: ",") else {
            throw JSONSyntaxError(offset: i, reason: "unexpected \(describeHere()), expected , or \(close) after \(after)")
        }
        i += 1
        return byte == UInt8(ascii: close)
    }

    /// `path` extended by `component` if that still leads to the target.
    private func towardTarget(_ path: [JSONPathComponent], _ component: JSONPathComponent) -> [JSONPathComponent]? {
        guard let target, path.count < target.count, target[path.count] == component else { return nil }
        return path + [component]
    }

    /// The path of the member whose quoted key spans `quoted`, if it leads to the target.
    private func memberPath(_ path: [JSONPathComponent], key quoted: Range<Int>) -> [JSONPathComponent]? {
        guard let target, path.count < target.count else { return nil }
        let raw = String(decoding: bytes[(quoted.lowerBound + 1)..<(quoted.upperBound - 1)], as: UTF8.self)
        let key = raw.contains("\\") ? (JSONStringUnescaper.unescape(raw) ?? raw) : raw
        return towardTarget(path, .key(key))
    }

    private mutating func string() throws(JSONSyntaxError) {
        let open = i
        i += 1
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "\""):
                i += 1
                return
            case UInt8(ascii: "\\"):
                try escape()
            case 0..<0x20:
                let what = byte == UInt8(ascii: "\n") ? "line break" : "control character"
                throw JSONSyntaxError(offset: i, reason: "\(what) inside a string (write it as an escape such as \\n)")
            case 0x80...:
                try utf8Sequence()
            default:
                i += 1
            }
        }
        throw JSONSyntaxError(offset: open, reason: "string is never closed")
    }

    private mutating func escape() throws(JSONSyntaxError) {
        let start = i
        i += 1
        guard i < bytes.count else { throw JSONSyntaxError(offset: start, reason: "string is never closed") }
        switch bytes[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
            UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
        case UInt8(ascii: "u"):
            i += 1
            let unit = try hexUnit(escapeAt: start)
            // UTF-16 surrogates only make a character in a high-low pair.
            if (0xDC00...0xDFFF).contains(unit) {
                throw JSONSyntaxError(offset: start, reason: "unpaired surrogate \\u\(String(unit, radix: 16)) in a string")
            }
            if (0xD800...0xDBFF).contains(unit) {
                let low = i
                guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(offset: start, reason: "unpaired surrogate \\u\(String(unit, radix: 16)) in a string")
                }
                i += 2
                guard (0xDC00...0xDFFF).contains(try hexUnit(escapeAt: low)) else {
                    throw JSONSyntaxError(offset: start, reason: "unpaired surrogate \\u\(String(unit, radix: 16)) in a string")
                }
            }
        default:
            throw JSONSyntaxError(offset: start, reason: "unknown escape \\\(describe(bytes[i])) in a string")
        }
    }

    /// The four hex digits after `\\u`, as a UTF-16 code unit.
    private mutating func hexUnit(escapeAt start: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard i < bytes.count, isHexDigit(bytes[i]),
                let digit = UInt32(String(UnicodeScalar(bytes[i])), radix: 16)
            else {
                throw JSONSyntaxError(offset: start, reason: "\\u must be followed by four hex digits")
            }
            unit = unit << 4 | digit
            i += 1
        }
        return unit
    }

    private mutating func utf8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: throw JSONSyntaxError(offset: i, reason: "the file is not valid UTF-8 here")
        }
        guard i + length <= bytes.count,
            bytes[(i + 1)..<(i + length)].allSatisfy({ $0 & 0xC0 == 0x80 })
        else {
            throw JSONSyntaxError(offset: i, reason: "the file is not valid UTF-8 here")
        }
        i += length
    }

    private mutating func number() throws(JSONSyntaxError) {
        let start = i
        if peek(UInt8(ascii: "-")) {
            i += 1
            if peek(UInt8(ascii: "I")) {
                throw JSONSyntaxError(offset: start, reason: "NaN and Infinity are not numbers in JSON")
            }
        }
        guard i < bytes.count, isDigit(bytes[i]) else { throw JSONSyntaxError(offset: start, reason: "malformed number") }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, isDigit(bytes[i]) { throw JSONSyntaxError(offset: start, reason: "numbers cannot start with 0") }
        } else {
            digits()
        }
        if peek(UInt8(ascii: ".")) {
            i += 1
            guard i < bytes.count, isDigit(bytes[i]) else {
                throw JSONSyntaxError(offset: start, reason: "malformed number: a digit must follow the decimal point")
            }
            digits()
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            i += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { i += 1 }
            guard i < bytes.count, isDigit(bytes[i]) else {
                throw JSONSyntaxError(offset: start, reason: "malformed number: a digit must follow the exponent")
            }
            digits()
        }
        // Foundation refuses numbers beyond Double's range; say which one.
        if let value = Double(String(decoding: bytes[start..<i], as: UTF8.self)), !value.isFinite {
            throw JSONSyntaxError(offset: start, reason: "number too large")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let utf8 = Array(word.utf8)
        guard i + utf8.count <= bytes.count, Array(bytes[i..<(i + utf8.count)]) == utf8 else {
            throw JSONSyntaxError(offset: i, reason: "unexpected \(describeHere()), expected a value")
        }
        i += utf8.count
    }

    private mutating func digits() {
        while i < bytes.count, isDigit(bytes[i]) { i += 1 }
    }

    private mutating func skipSpace() {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): i += 1
            default: return
            }
        }
    }

    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth > JSONScanner.maximumDepth {
            throw JSONSyntaxError(offset: i, reason: "nested more than \(JSONScanner.maximumDepth) levels deep")
        }
    }

    private func unclosed(_ what: String, _ open: Int) -> JSONSyntaxError {
        let at = TextPosition(offset: open, in: bytes)
        return JSONSyntaxError(
            offset: i,
            reason: "unexpected end of file: the \(what) opened at line \(at.line), column \(at.column) is never closed")
    }

    private func peek(_ byte: UInt8) -> Bool { i < bytes.count && bytes[i] == byte }
    private func isDigit(_ b: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) }
    private func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(b)
    }

    /// The character at the cursor, described safely for a one-line message.
    private func describeHere() -> String {
        guard i < bytes.count else { return "end of file" }
        let lead = bytes[i]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if length > 1, i + length <= bytes.count,
            let character = String(bytes: bytes[i..<(i + length)], encoding: .utf8)?.unicodeScalars.first,
            character.properties.isAlphabetic || character.properties.isEmoji
        {
            return "'\(character)'"
        }
        return describe(lead)
    }

    private func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0x21...0x7E: "'\(Character(UnicodeScalar(byte)))'"
        default: "byte 0x" + String(byte, radix: 16, uppercase: true)
        }
    }
}

/// Decodes the escapes of a JSON string body (only for keys named in messages).
enum JSONStringUnescaper {
    static func unescape(_ body: String) -> String? {
        try? JSONDecoder().decode(String.self, from: Data("\"\(body)\"".utf8))
    }
}
