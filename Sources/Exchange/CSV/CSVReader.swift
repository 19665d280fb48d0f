import RoadtripCore

/// One stop read from a CSV row.
struct CSVStop {
    var coordinate: Coordinate
    var name: String?
    var order: Double?
}

/// Reads RFC 4180 CSV with a header row naming at least `latitude` and `longitude`
/// (also `lat`/`lon`/`lng`), and optionally `name` and `order`, in any column order.
enum CSVReader {
    static func read(_ bytes: [UInt8]) throws -> [CSVStop] {
        guard
            let text = String(
                validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...],
                as: UTF8.self)
        else {
            throw ParseFailure(.malformed, "malformed CSV: not valid UTF-8")
        }
        let records = try parseRecords(text)
        guard let (header, _) = records.first else { throw ParseFailure(.empty, "the file is empty") }
        let columns = header.map { $0.trimmingSpaces().lowercased() }
        func column(_ names: String...) -> Int? { columns.firstIndex { names.contains($0) } }
        guard let latitude = column("latitude", "lat"), let longitude = column("longitude", "lon", "lng", "long") else {
            throw ParseFailure(
                .wrongRoot, line: 1,
                "the header row must name latitude and longitude columns (expected order,name,latitude,longitude)")
        }
        let name = column("name"), order = column("order")

        var stops: [CSVStop] = []
        for (fields, line) in records.dropFirst() {
            if fields.allSatisfy({ $0.trimmingSpaces().isEmpty }) { continue }
            guard fields.count == columns.count else {
                throw ParseFailure(
                    .malformed, line: line, "malformed CSV: \(fields.count) fields where the header has \(columns.count)")
            }
            func number(_ index: Int, _ label: String, _ range: ClosedRange<Double>) throws -> Double {
                let raw = fields[index].trimmingSpaces()
                guard !raw.isEmpty else { throw ParseFailure(.invalidCoordinate, line: line, "\(label) is missing") }
                guard let value = Double(raw), value.isFinite else {
                    throw ParseFailure(.invalidCoordinate, line: line, "\(label) \"\(raw.prefix(40))\" is not a number")
                }
                if let problem = Plausibility.outOfRange(value, range) {
                    throw ParseFailure(.invalidCoordinate, line: line, "\(label) \(raw) \(problem)")
                }
                return value
            }
            let coordinate = Coordinate(
                latitude: try number(latitude, "latitude", Plausibility.latitudes),
                longitude: try number(longitude, "longitude", Plausibility.longitudes))
            let orderValue = try order.flatMap { index -> Double? in
                let raw = fields[index].trimmingSpaces()
                if raw.isEmpty { return nil }
                guard let value = Double(raw), value.isFinite else {
                    throw ParseFailure(.malformed, line: line, "order \"\(raw.prefix(40))\" is not a number")
                }
                return value
            }
            stops.append(
                CSVStop(coordinate: coordinate, name: name.map { Self.withoutFormulaGuard(fields[$0]) }, order: orderValue))
        }
        return stops
    }

    /// A name as it was before `CSVWriter` guarded it against spreadsheets: the apostrophe it put
    /// before a formula-looking text taken off again, so an export reads back as it was.
    static func withoutFormulaGuard(_ field: String) -> String {
        guard field.hasPrefix("'") else { return field }
        let rest = String(field.dropFirst())
        return CSVWriter.startsLikeAFormula(rest) ? rest : field
    }

    /// Splits text into records of fields, each with the line it starts on.
    ///
    /// Quoted fields may hold commas, doubled quotes and line breaks; CRLF and LF both end a record.
    static func parseRecords(_ text: String) throws -> [([String], Int)] {
        var records: [([String], Int)] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1
        var inQuotes = false, wasQuoted = false
        var scalars = Array(text.unicodeScalars)[...]
        func endField() {
            fields.append(field)
            field = ""
            wasQuoted = false
        }
        func endRecord() {
            endField()
            records.append((fields, recordLine))
            fields = []
        }
        while let c = scalars.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    if c == "\n" { line += 1 }
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard field.isEmpty, !wasQuoted else {
                    throw ParseFailure(.malformed, line: line, "malformed CSV: a quote inside an unquoted field")
                }
                inQuotes = true
                wasQuoted = true
            case ",":
                endField()
            case "\r" where scalars.first == "\n":
                break
            case "\n":
                endRecord()
                line += 1
                recordLine = line
            default:
                guard !wasQuoted else {
                    throw ParseFailure(.malformed, line: line, "malformed CSV: text after a closing quote")
                }
                field.unicodeScalars.append(c)
            }
        }
        if inQuotes { throw ParseFailure(.malformed, line: recordLine, "malformed CSV: a quoted field is never closed") }
        if !field.isEmpty || !fields.isEmpty || wasQuoted { endRecord() }
        return records
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
