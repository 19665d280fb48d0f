/// A small, strict XML 1.0 reader that hands out start tags, end tags and text.
///
/// Written here rather than using Foundation's `XMLParser` so the safety rules do not
/// depend on the libxml2 build underneath: any `<!DOCTYPE` is refused before it is read
/// (so no entity is ever declared, expanded or fetched), only the five predefined entities
/// and character references are decoded, and every problem carries its line number.
/// It streams: a 50 MB track never becomes a tree in memory.
struct XMLTokenizer {
    enum Event {
        /// A start tag; `name` is the local name (prefix dropped).
        case start(name: String, attributes: [String: String], line: Int)
        case end(name: String)
        case text(Text)
    }

    /// Character data, decoded only when the reader asks: most text in a track is the
    /// whitespace between tags, and nobody needs it as a `String`.
    struct Text {
        fileprivate let bytes: [UInt8]
        fileprivate let range: Range<Int>
        fileprivate let isCDATA: Bool
        fileprivate let line: Int

        func string() throws -> String {
            let raw = try XMLTokenizer.decodeUTF8(bytes, range, line: line)
            return isCDATA ? raw : try XMLTokenizer.decodeEntities(raw, line: line)
        }
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// Reads the whole document, calling `handle` for each event in order.
    ///
    /// Throws `ParseFailure` on the first well-formedness problem or on a DTD.
    mutating func run(_ handle: (Event) throws -> Void) throws {
        var open: [String] = []
        var sawRoot = false
        var textStart = index
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
                continue
            }
            if textStart < index {
                try emitText(from: textStart, to: index, inside: !open.isEmpty, handle)
            }
            if starts(with: "<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<!--") {
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                guard !open.isEmpty else { throw malformed("CDATA section outside the root element") }
                let start = index + 9
                try skip(past: "]]>", what: "CDATA section")
                try handle(.text(Text(bytes: bytes, range: start..<(index - 3), isCDATA: true, line: line)))
            } else if starts(with: "<!DOCTYPE") || starts(with: "<!ENTITY") {
                throw refusedDeclaration()
            } else if starts(with: "</") {
                index += 2
                let name = try readName()
                skipSpaces()
                try expect(">")
                guard let top = open.popLast() else { throw malformed("closing tag </\(name)> without an opening tag") }
                guard top == name else { throw malformed("closing tag </\(name)> does not match <\(top)>") }
                try handle(.end(name: localName(name)))
            } else {
                let tagLine = line
                index += 1
                let name = try readName()
                if open.isEmpty {
                    guard !sawRoot else { throw malformed("a second root element <\(name)>") }
                    sawRoot = true
                }
                let attributes = try readAttributes()
                let selfClosing = starts(with: "/>")
                index += selfClosing ? 2 : 0
                try expect(selfClosing ? "" : ">")
                try handle(.start(name: localName(name), attributes: attributes, line: tagLine))
                if selfClosing { try handle(.end(name: localName(name))) } else { open.append(name) }
            }
            textStart = index
        }
        if textStart < index { try emitText(from: textStart, to: index, inside: !open.isEmpty, handle) }
        if let unclosed = open.last { throw malformed("the file ends inside <\(unclosed)>") }
        guard sawRoot else { throw malformed("no root element") }
    }

    // MARK: Pieces

    private mutating func emitText(from start: Int, to end: Int, inside: Bool, _ handle: (Event) throws -> Void) throws {
        if !inside {
            let stray = bytes[start..<end].contains { !Self.isSpace($0) }
            if stray { throw malformed("text outside the root element") }
            return
        }
        let text = Text(bytes: bytes, range: start..<end, isCDATA: false, line: line)
        // Entities are checked wherever they appear, so `&nbsp;` in a <desc> is refused like one in a <name>.
        if bytes[start..<end].contains(UInt8(ascii: "&")) { _ = try text.string() }
        try handle(.text(text))
    }

    private mutating func readName() throws -> String {
        let start = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        guard index > start else { throw malformed("expected a tag or attribute name") }
        return try decodeUTF8(start..<index)
    }

    private mutating func readAttributes() throws -> [String: String] {
        var attributes: [String: String] = [:]
        while true {
            let hadSpace = skipSpaces()
            guard index < bytes.count else { throw malformed("the file ends inside a tag") }
            if bytes[index] == UInt8(ascii: ">") || starts(with: "/>") { return attributes }
            guard hadSpace else { throw malformed("expected a space between attributes") }
            let name = try readName()
            skipSpaces()
            try expect("=")
            skipSpaces()
            guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
                throw malformed("attribute \(name) needs a quoted value")
            }
            let quote = bytes[index]
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == UInt8(ascii: "<") { throw malformed("'<' inside the value of attribute \(name)") }
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else { throw malformed("the file ends inside attribute \(name)") }
            let value = try decodeEntities(try decodeUTF8(start..<index))
            index += 1
            guard attributes.updateValue(value, forKey: localName(name)) == nil || name.contains(":") else {
                throw malformed("attribute \(name) appears twice")
            }
        }
    }

    /// Decodes `&lt;` `&gt;` `&amp;` `&quot;` `&apos;` and `&#…;`; any other entity is undefined,
    /// since no DTD may declare one.
    private func decodeEntities(_ text: String) throws -> String {
        try Self.decodeEntities(text, line: line)
    }

    fileprivate static func decodeEntities(_ text: String, line: Int) throws -> String {
        guard text.contains("&") else { return text }
        var out = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 12 else {
                throw ParseFailure(.malformed, line: line, "malformed XML: '&' that does not start an entity (write &amp;)")
            }
            let entity = rest[rest.index(after: amp)..<semi]
            if let named = namedEntities[String(entity)] {
                out.unicodeScalars.append(named)
            } else {
                guard entity.hasPrefix("#"), let scalar = characterReference(entity.dropFirst()) else {
                    throw ParseFailure(
                        .entityDeclaration, line: line,
                        "undefined entity &\(entity); (entities are not expanded)")
                }
                out.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semi)...]
        }
        return out + rest
    }

    /// The character each of XML's predefined entities stands for ("amp" → "&").
    private static let namedEntities = Dictionary(uniqueKeysWithValues: XMLText.entities.map { ($1, $0) })

    private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        // XML 1.0 forbids most control characters even as references, but GPS tools write
        // them; they are taken here and removed with every other control by `ImportedText`.
        guard let value, value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    private func refusedDeclaration() -> ParseFailure {
        let rest = bytes[index...]
        let hasEntity =
            rest.starts(with: Array("<!ENTITY".utf8))
            || String(decoding: rest.prefix(65_536), as: UTF8.self).contains("<!ENTITY")
        return ParseFailure(
            .entityDeclaration, line: line,
            hasEntity
                ? "entity declarations are refused (they could expand without bound or read other files)"
                : "document type declarations (<!DOCTYPE) are refused; GPX needs none")
    }

    // MARK: Bytes

    private func starts(with literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pointer = literal.utf8Start
        for k in 0..<count where bytes[index + k] != pointer[k] { return false }
        return true
    }

    private mutating func expect(_ literal: StaticString) throws {
        guard literal.utf8CodeUnitCount > 0 else { return }
        guard starts(with: literal) else {
            throw malformed(index < bytes.count ? "expected '\(literal)'" : "the file ends inside a tag")
        }
        index += literal.utf8CodeUnitCount
    }

    private mutating func skip(past terminator: StaticString, what: String) throws {
        while index < bytes.count {
            if starts(with: terminator) {
                index += terminator.utf8CodeUnitCount
                return
            }
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        throw malformed("unterminated \(what)")
    }

    @discardableResult
    private mutating func skipSpaces() -> Bool {
        let start = index
        while index < bytes.count, Self.isSpace(bytes[index]) {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return index > start
    }

    private static func isSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x0A || b == 0x09 || b == 0x0D
    }

    private func isNameByte(_ b: UInt8) -> Bool {
        b >= 0x80 || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
            || b == UInt8(ascii: "_") || b == UInt8(ascii: ":") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")
    }

    private func decodeUTF8(_ range: Range<Int>) throws -> String {
        try Self.decodeUTF8(bytes, range, line: line)
    }

    fileprivate static func decodeUTF8(_ bytes: [UInt8], _ range: Range<Int>, line: Int) throws -> String {
        guard let text = String(validating: bytes[range], as: UTF8.self) else {
            throw ParseFailure(.malformed, line: line, "malformed XML: text that is not valid UTF-8")
        }
        return text
    }

    private func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    private func malformed(_ reason: String) -> ParseFailure {
        ParseFailure(.malformed, line: line, "malformed XML: \(reason)")
    }
}
