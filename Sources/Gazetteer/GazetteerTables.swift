/// The small tables beside the places: countries and first-level regions, with the folded
/// names and codes a comma qualifier ("Portland, ME", "Queenstown, New Zealand") matches.
struct GazetteerTables: Sendable {
    struct Entry: Sendable {
        /// Shown to people ("Oregon", "New Zealand").
        let name: String
        /// Folded names a qualifier may start ("oregon"; "united kingdom", "uk").
        let foldedNames: [[UInt8]]
        /// Lowercase codes a qualifier may equal ("or"; "nz", "nzl").
        let codes: [[UInt8]]
    }

    let countries: [Entry]
    let countryCodes: [String]
    let regions: [Entry]

    init(countriesTSV: [UInt8], countriesPath: String, regionsTSV: [UInt8], regionsPath: String) throws {
        var countries: [Entry] = [], codes: [String] = []
        for (n, line) in ByteParsing.dataLines(countriesTSV).enumerated() {
            let f = ByteParsing.fields(line)
            guard f.count == 4 else {
                throw GazetteerError.malformed(path: countriesPath, reason: "row \(n + 1) has \(f.count) fields, not 4")
            }
            codes.append(ByteParsing.string(f[0]))
            countries.append(Entry(
                name: ByteParsing.string(f[2]),
                foldedNames: f[3].split(separator: UInt8(ascii: "|")).map(Array.init),
                codes: [Self.lowercased(f[0]), Self.lowercased(f[1])]))
        }
        var regions: [Entry] = []
        for (n, line) in ByteParsing.dataLines(regionsTSV).enumerated() {
            let f = ByteParsing.fields(line)
            guard f.count == 5 else {
                throw GazetteerError.malformed(path: regionsPath, reason: "row \(n + 1) has \(f.count) fields, not 5")
            }
            regions.append(Entry(
                name: ByteParsing.string(f[2]),
                foldedNames: [Array(f[4])],
                codes: f[3].isEmpty ? [] : [Self.lowercased(f[3])]))
        }
        self.countries = countries
        self.countryCodes = codes
        self.regions = regions
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// How well a folded qualifier names each entry: 2 equal to a code or a whole name,
    /// 1 the start of a word of a name ("new z" → New Zealand, "nova" → Nova Scotia), else 0.
    static func strengths(of qualifier: [UInt8], in entries: [Entry]) -> [UInt8] {
        entries.map { entry in
            if entry.codes.contains(qualifier) || entry.foldedNames.contains(qualifier) { return 2 }
            for name in entry.foldedNames where startsAWord(qualifier, in: name) { return 1 }
            return 0
        }
    }

    private static func startsAWord(_ prefix: [UInt8], in name: [UInt8]) -> Bool {
        guard prefix.count <= name.count else { return false }
        var i = 0
        while i + prefix.count <= name.count {
            if (i == 0 || name[i - 1] == 0x20) && name[i..<i + prefix.count].elementsEqual(prefix) { return true }
            i += 1
        }
        return false
    }
}
