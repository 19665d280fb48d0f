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
            let shown = plain ? k : jsonQuoted(k)
            out += out.isEmpty ? shown : "." + shown
        }
    }
    return out
}

/// `s` as a JSON string literal, with control characters escaped.
func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\t": out += "\\t"
        case "\r": out += "\\r"
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

private extension String {
    func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
