import RoadtripCore

/// A step into a JSON document: an object member or an array element.
enum JSONPathComponent: Equatable, Sendable {
    case key(String)
    case index(Int)
}

/// Written the way people read paths: `trips[2].waypoints[0].latitude`.
func describeJSONPath(_ path: [JSONPathComponent]) -> String {
    guard !path.isEmpty else { return "the top level" }
    var out = ""
    for component in path {
        switch component {
        case let .index(i):
            out += "[\(i)]"
        case let .key(k):
            let plain =
                !k.isEmpty
                && k.unicodeScalars.allSatisfy {
                    ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                }
            // Odd keys from a hand-edited file are quoted so they cannot break the one-line message.
            let shown = plain ? k : JSONText.quoted(k)
            out += out.isEmpty ? shown : "." + shown
        }
    }
    return out
}
