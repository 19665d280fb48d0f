import RoadtripCore

/// What a KML file holds that can become stops.
struct KMLContent {
    struct Point {
        var coordinate: Coordinate
        var name: String?
        var description: String?
        /// `<ExtendedData><Data name=…><value>` fields: roadtrip writes a stop's details there.
        var data: [String: String] = [:]
    }

    var name: String?
    var points: [Point] = []
    /// Each LineString's points, in file order.
    var lines: [[Coordinate]] = []
}

/// Reads the Placemarks of a KML 2.2 file: Google My Maps exports (Folders of Placemarks),
/// Google Earth files (nested Folders, MultiGeometry) and what phone apps write.
///
/// A Placemark's Point (the first, in a MultiGeometry) becomes a point with the Placemark's name and
/// description; LineStrings and Google Earth's recorded tracks (`gx:Track`) are kept as lines.
/// Polygons, overlays, styles and other extensions are passed over.
enum KMLReader {
    static func read(_ bytes: [UInt8]) throws -> KMLContent {
        var tokenizer = XMLTokenizer(bytes: try XMLText.utf8Bytes(bytes))
        var content = KMLContent()
        var path: [String] = []
        var placemark: (name: String?, description: String?, point: Coordinate?, data: [String: String])?
        var dataName: String?
        var track: [Coordinate]?
        var text: String?
        var textLine = 0

        try tokenizer.run { event in
            switch event {
            case let .start(qualified, attributes, line):
                let name = local(qualified)
                if path.isEmpty, name != "kml" {
                    throw ParseFailure(
                        .wrongRoot, line: line, "not a KML file: the root element is <\(qualified)>, expected <kml>")
                }
                path.append(name)
                if name == "Placemark" { placemark = (nil, nil, nil, [:]) }
                if name == "Data", placemark != nil { dataName = attributes["name"] }
                if name == "Track", placemark != nil { track = [] }
                if textElements.contains(name) {
                    text = ""
                    textLine = line
                }
            case let .text(chunk):
                if text != nil { text! += try chunk.string() }
            case let .end(qualified):
                let name = local(qualified)
                defer { path.removeLast() }
                let owner = path.dropLast().last
                switch name {
                case "name" where placemark != nil && owner == "Placemark":
                    placemark?.name = text
                case "description" where placemark != nil && owner == "Placemark":
                    placemark?.description = text
                case "name" where placemark == nil && owner == "Document" && content.name == nil:
                    content.name = text
                case "value" where placemark != nil && owner == "Data":
                    if let key = dataName, let value = text, (placemark?.data.count ?? 0) < 64 { placemark?.data[key] = value }
                case "coordinates" where placemark != nil:
                    let points = try tuples(text ?? "", line: textLine)
                    if owner == "Point", placemark?.point == nil, let first = points.first { placemark?.point = first }
                    if owner == "LineString", points.count >= 2 { content.lines.append(points) }
                case "coord" where owner == "Track" && track != nil:
                    track?.append(try trackPoint(text ?? "", line: textLine))
                case "Track":
                    if let points = track, points.count >= 2 { content.lines.append(points) }
                    track = nil
                case "Placemark":
                    if let found = placemark, let point = found.point {
                        content.points.append(
                            .init(
                                coordinate: point, name: found.name, description: found.description,
                                data: found.data))
                    }
                    placemark = nil
                default:
                    break
                }
                if textElements.contains(name) { text = nil }
            }
        }
        return content
    }

    /// The elements whose text is read.
    private static let textElements: Set = ["name", "description", "coordinates", "value", "coord"]

    /// "Placemark" from "kml:Placemark": files written with a prefix mean the same elements.
    private static func local(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    /// `lon,lat[,alt]` tuples separated by whitespace.
    private static func tuples(_ text: String, line: Int) throws -> [Coordinate] {
        try text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map { tuple in
            let parts = tuple.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3 else {
                throw ParseFailure(
                    .invalidCoordinate, line: line,
                    "<coordinates> “\(ImportedText.singleLine(String(tuple.prefix(40))))” is not lon,lat")
            }
            return try coordinate(parts[0], parts[1], in: tuple, element: "coordinates", shape: "lon,lat", line: line)
        }
    }

    /// A `gx:coord`: `lon lat [alt]`, separated by spaces rather than commas.
    private static func trackPoint(_ text: String, line: Int) throws -> Coordinate {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" })
        guard parts.count == 2 || parts.count == 3 else {
            throw ParseFailure(
                .invalidCoordinate, line: line, "<gx:coord> “\(ImportedText.singleLine(String(text.prefix(40))))” is not lon lat")
        }
        return try coordinate(parts[0], parts[1], in: Substring(text), element: "gx:coord", shape: "lon lat", line: line)
    }

    /// The position of a longitude and latitude read from `tuple`, checked like every other import's.
    private static func coordinate(
        _ lonText: Substring, _ latText: Substring, in tuple: Substring, element: String,
        shape: String, line: Int
    ) throws -> Coordinate {
        guard let lon = DecimalText.number(String(lonText)), let lat = DecimalText.number(String(latText)) else {
            throw ParseFailure(
                .invalidCoordinate, line: line,
                "<\(element)> “\(ImportedText.singleLine(String(tuple.prefix(40))))” is not \(shape)")
        }
        if let problem = Plausibility.coordinateProblem(latitude: lat, longitude: lon) {
            throw ParseFailure(.invalidCoordinate, line: line, "<\(element)> " + problem)
        }
        return Coordinate(latitude: lat, longitude: lon)
    }
}
