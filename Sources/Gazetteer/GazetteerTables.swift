/// The small tables beside the places: countries and first-level regions, with the folded
/// names and codes a comma qualifier ("Portland, ME", "Queenstown, New Zealand") matches.
struct GazetteerTables: Sendable {
    /// One table's file and where each row's fields lie in it: loading makes no string or
    /// array per row, which for 3,500 regions cost more than the rest of the gazetteer.
    struct Table: Sendable {
        fileprivate struct Row {
            /// Shown to people ("Oregon", "New Zealand").
            let name: Range<Int>
            /// Folded names a qualifier may start ("oregon"; "united kingdom|uk"), |-separated.
            let foldedNames: Range<Int>
            /// Codes a qualifier may equal, ignoring ASCII case ("OR"; "NZ", "NZL"); empty
            /// ranges for none.
            let codes: (Range<Int>, Range<Int>)
        }

        fileprivate let text: [UInt8]
        fileprivate let rows: [Row]

        var count: Int { rows.count }

        func name(_ i: Int) -> String { ByteParsing.string(text[rows[i].name]) }

        /// Reads the data rows of `text`, each of `fields` tab-separated fields, with `row`
        /// picking the name, folded names and codes from their ranges.
        fileprivate init(
            _ text: [UInt8], path: String, fields: Int, row: ([Range<Int>]) -> Row
        ) throws {
            var rows: [Row] = []
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(fields)
            try text.withUnsafeBufferPointer { text in
                var start = 0, number = 0
                while start < text.count {
                    var end = start
                    while end < text.count && text[end] != 0x0A { end += 1 }
                    defer { start = end + 1 }
                    if start == end || text[start] == UInt8(ascii: "#") { continue }
                    number += 1
                    ranges.removeAll(keepingCapacity: true)
                    var field = start
                    for i in start..<end where text[i] == 0x09 {
                        ranges.append(field..<i)
                        field = i + 1
                    }
                    ranges.append(field..<end)
                    guard ranges.count == fields else {
                        throw GazetteerError.malformed(
                            path: path, reason: "row \(number) has \(ranges.count) fields, not \(fields)")
                    }
                    rows.append(row(ranges))
                }
            }
            self.text = text
            self.rows = rows
        }
    }

    let countries: Table
    let regions: Table

    init(countriesTSV: [UInt8], countriesPath: String, regionsTSV: [UInt8], regionsPath: String) throws {
        // iso, iso3, name, folded names; country, admin1, name, abbreviation, folded name.
        countries = try Table(countriesTSV, path: countriesPath, fields: 4) { f in
            .init(name: f[2], foldedNames: f[3], codes: (f[0], f[1]))
        }
        regions = try Table(regionsTSV, path: regionsPath, fields: 5) { f in
            .init(name: f[2], foldedNames: f[4], codes: (f[3], f[3].upperBound..<f[3].upperBound))
        }
    }

    /// How well a folded qualifier names each row: 2 equal to a code or a whole name,
    /// 1 the start of a word of a name ("new z" → New Zealand, "nova" → Nova Scotia), else 0.
    static func strengths(of qualifier: [UInt8], in table: Table) -> [UInt8] {
        // Walked in place over raw bytes: a slice or an array per row, for 3,500 regions,
        // would cost more than the search the qualifier narrows.
        table.text.withUnsafeBufferPointer { text in
            qualifier.withUnsafeBufferPointer { qualifier in
                table.rows.map { row in
                    if equalsIgnoringCase(qualifier, text[row.codes.0]) || equalsIgnoringCase(qualifier, text[row.codes.1]) {
                        return 2
                    }
                    var strength: UInt8 = 0
                    var start = row.foldedNames.lowerBound
                    while start < row.foldedNames.upperBound {
                        var end = start
                        while end < row.foldedNames.upperBound && text[end] != UInt8(ascii: "|") { end += 1 }
                        defer { start = end + 1 }
                        guard start < end else { continue }
                        if end - start == qualifier.count && text[start..<end].elementsEqual(qualifier) { return 2 }
                        if strength == 0 && startsAWord(qualifier, in: text[start..<end]) { strength = 1 }
                    }
                    return strength
                }
            }
        }
    }

    /// Whether `code` is not empty and equals `qualifier` (lowercase) in lowercase.
    private static func equalsIgnoringCase(_ qualifier: UnsafeBufferPointer<UInt8>, _ code: Slice<UnsafeBufferPointer<UInt8>>)
        -> Bool
    {
        !code.isEmpty && code.count == qualifier.count
            && zip(code, qualifier).allSatisfy { c, q in (c >= 0x41 && c <= 0x5A ? c + 0x20 : c) == q }
    }

    private static func startsAWord(_ prefix: UnsafeBufferPointer<UInt8>, in name: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard prefix.count <= name.count else { return false }
        var i = name.startIndex
        while i + prefix.count <= name.endIndex {
            if (i == name.startIndex || name[i - 1] == 0x20) && name[i..<i + prefix.count].elementsEqual(prefix) {
                return true
            }
            i += 1
        }
        return false
    }
}
