import RoadtripCore

/// Escaping and encoding rules for the XML the app writes and reads.
enum XMLText {
    /// XML's five predefined entities, by the character each stands for: escaping writes them and
    /// reading expands them.
    static let entities: [Unicode.Scalar: String] = ["&": "amp", "<": "lt", ">": "gt", "\"": "quot", "'": "apos"]

    /// What a writer puts for a character: an entity, or a reference for the whitespace an
    /// attribute value would otherwise fold.
    private static let replacements = entities.mapValues { "&\($0);" }.merging(
        ["\t": "&#9;", "\n": "&#10;", "\r": "&#13;"]) { entity, _ in entity }

    /// `text` escaped for element content or a double-quoted attribute value, with the
    /// characters XML 1.0 cannot hold at all (most C0 controls, U+FFFE/U+FFFF) left out.
    static func escaped(_ text: String) -> String {
        Escaping.escaped(text, replacements) { scalar, out in
            let v = scalar.value
            if v < 0x20 || v == 0xFFFE || v == 0xFFFF { return }
            // Kept, but as a reference: a reader that shows the file raw never meets the mark itself.
            if PlainText.isHidden(scalar) || PlainText.isBreak(scalar) {
                out += "&#x\(String(v, radix: 16, uppercase: true));"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }

    /// The document as UTF-8 bytes, transcoding the one other encoding GPX files commonly
    /// declare (ISO-8859-1 / Latin-1); any other declared encoding is refused.
    static func utf8Bytes(_ bytes: [UInt8]) throws -> [UInt8] {
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw ParseFailure(.unsupported, line: 1, "UTF-16 files are not supported; save it as UTF-8")
        }
        let head = String(decoding: bytes.prefix(200), as: UTF8.self)
        guard head.hasPrefix("<?xml") || head.hasPrefix("\u{FEFF}<?xml"),
            let close = head.range(of: "?>")
        else { return bytes }
        let declaration = head[..<close.lowerBound].lowercased()
        guard let key = declaration.range(of: "encoding") else { return bytes }
        let encoding = declaration[key.upperBound...]
            .drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" }
            .prefix { $0 != "\"" && $0 != "'" && $0 != " " }
        switch encoding {
        case "utf-8", "utf8", "us-ascii", "ascii":
            return bytes
        case "iso-8859-1", "latin1", "latin-1", "iso8859-1":
            // Each Latin-1 byte is the Unicode scalar of the same value.
            return Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
        default:
            throw ParseFailure(.unsupported, line: 1, "text encoding \(encoding) is not supported; save it as UTF-8")
        }
    }
}
