/// One piece of a written position: a number, a unit mark, a hemisphere letter or a separator.
enum PositionToken: Equatable {
    case number(Double, negative: Bool, fractional: Bool)
    case degree, minute, second
    case hemisphere(Character)
    case separator

    var isNumber: Bool { if case .number = self { true } else { false } }
    var isHemisphere: Bool { if case .hemisphere = self { true } else { false } }
}

/// Splits written positions into tokens, and the tokens into the two halves of a pair.
enum PositionTokens {
    private static let hemisphereWords: [String: Character] = [
        "N": "N", "S": "S", "E": "E", "W": "W", "NORTH": "N", "SOUTH": "S", "EAST": "E", "WEST": "W"
    ]

    /// The tokens of `text`, or nil when it holds anything that is not position notation
    /// (a word other than a hemisphere, say), so that it is read as a place name instead.
    static func tokens(_ text: String) -> [PositionToken]? {
        var tokens: [PositionToken] = []
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " {
                i += 1
                continue
            }
            if c.isASCII,
                c.isNumber || c == "."
                    || ((c == "-" || c == "+") && i + 1 < chars.count
                        && (chars[i + 1].isASCII && (chars[i + 1].isNumber || chars[i + 1] == ".")))
            {
                var j = i + 1
                while j < chars.count, chars[j].isASCII, chars[j].isNumber || chars[j] == "." { j += 1 }
                let body = String(chars[i..<j])
                // Only plain decimals: "1.2.3", hex floats and "nan" are not degrees.
                guard body.filter({ $0 == "." }).count <= 1, let value = Double(body), value.isFinite else { return nil }
                tokens.append(.number(abs(value), negative: c == "-", fractional: body.contains(".")))
                i = j
                continue
            }
            if c.isLetter {
                var j = i
                while j < chars.count, chars[j].isLetter { j += 1 }
                guard let letter = hemisphereWords[String(chars[i..<j]).uppercased()] else { return nil }
                // "1e400" is a number in scientific notation, not 1° east of 400.
                if j - i == 1, i > 0, j < chars.count, chars[i - 1].isNumber, chars[j].isNumber { return nil }
                tokens.append(.hemisphere(letter))
                i = j
                continue
            }
            switch c {
            case "°": tokens.append(.degree)
            case "'": tokens.append(.minute)
            case "\"": tokens.append(.second)
            case ",", ";": tokens.append(.separator)
            default: return nil
            }
            i += 1
        }
        return tokens
    }

    /// The tokens of the first and the second value.
    ///
    /// A comma or semicolon divides them when there is one; otherwise hemisphere letters do
    /// (after the first when they follow the numbers, before the second when they lead), then a
    /// second degree sign, then the count of bare numbers (2, 4 or 6: d, d m, d m s each).
    static func halves(_ tokens: [PositionToken]) -> Result<([PositionToken], [PositionToken]), PositionProblem> {
        let separators = tokens.indices.filter { tokens[$0] == .separator }
        if separators.count > 1 {
            return .failure(
                PositionProblem(
                    "\(separators.count + 1) parts separated by commas; type latitude, longitude, with a point for decimals."))
        }
        if let cut = separators.first {
            return .success((Array(tokens[..<cut]), Array(tokens[(cut + 1)...])))
        }
        let letters = tokens.indices.filter { tokens[$0].isHemisphere }
        if let firstLetter = letters.first {
            if firstLetter == 0 {
                if letters.count >= 2 { return .success((Array(tokens[..<letters[1]]), Array(tokens[letters[1]...]))) }
            } else if firstLetter < tokens.count - 1 {
                return .success((Array(tokens[...firstLetter]), Array(tokens[(firstLetter + 1)...])))
            }
        }
        let degreeNumbers = tokens.indices.filter { $0 + 1 < tokens.count && tokens[$0].isNumber && tokens[$0 + 1] == .degree }
        if degreeNumbers.count == 2 {
            return .success((Array(tokens[..<degreeNumbers[1]]), Array(tokens[degreeNumbers[1]...])))
        }
        let numbers = tokens.indices.filter { tokens[$0].isNumber }
        guard numbers.count % 2 == 0, (2...6).contains(numbers.count) else {
            if numbers.count == 1 {
                return .failure(PositionProblem("one value; type latitude and longitude, e.g. 47.8095, 13.055."))
            }
            return .failure(
                PositionProblem("\(numbers.count) numbers cannot be split into latitude and longitude; put a comma between them.")
            )
        }
        let cut = numbers[numbers.count / 2]
        return .success((Array(tokens[..<cut]), Array(tokens[cut...])))
    }
}

/// One value of a pair: degrees with optional minutes and seconds, a sign or a hemisphere.
struct PositionComponent {
    enum Axis { case latitude, longitude }

    /// Signed decimal degrees.
    var value: Double
    /// What a hemisphere letter says this value is; nil when it has none.
    var axis: Axis?

    /// The value `tokens` write, or what is wrong with them.
    static func make(_ tokens: [PositionToken]) -> Result<PositionComponent, PositionProblem> {
        var parts: [(value: Double, negative: Bool, fractional: Bool, unit: Int?)] = []
        var hemisphere: Character?
        for token in tokens {
            switch token {
            case let .number(value, negative, fractional):
                parts.append((value, negative, fractional, nil))
            case .degree, .minute, .second:
                let unit = token == .degree ? 0 : token == .minute ? 1 : 2
                guard let last = parts.indices.last, parts[last].unit == nil else {
                    return .failure(PositionProblem("a \(["°", "′", "″"][unit]) sign with no number before it."))
                }
                parts[last].unit = unit
            case let .hemisphere(letter):
                guard hemisphere == nil else { return .failure(PositionProblem("two hemisphere letters in one value.")) }
                hemisphere = letter
            case .separator:
                return .failure(PositionProblem("a comma in the wrong place."))
            }
        }
        guard !parts.isEmpty else { return .failure(PositionProblem("a value with no number; type latitude, longitude.")) }
        guard parts.count <= 3 else { return .failure(PositionProblem("more than degrees, minutes and seconds in one value.")) }
        // Unmarked numbers take the next unit in order: degrees, then minutes, then seconds.
        var expected = 0
        var total = 0.0
        for (i, part) in parts.enumerated() {
            let unit = part.unit ?? expected
            guard unit >= expected, unit <= 2 else {
                return .failure(PositionProblem("degrees, minutes and seconds must come in that order."))
            }
            if i > 0, part.negative { return .failure(PositionProblem("only the degrees may carry a minus sign.")) }
            if part.fractional, i < parts.count - 1 {
                return .failure(PositionProblem("only the last of degrees, minutes and seconds may have decimals."))
            }
            if unit > 0, part.value >= 60 {
                let name = unit == 1 ? "minutes" : "seconds"
                return .failure(PositionProblem("\(PositionParser.number(part.value)) \(name): \(name) must be below 60."))
            }
            total += part.value / [1.0, 60.0, 3600.0][unit]
            expected = unit + 1
        }
        var value = total
        if parts[0].negative { value = -value }
        var axis: Axis?
        if let hemisphere {
            if parts[0].negative {
                return .failure(PositionProblem("both a minus sign and \(hemisphere); use one of them."))
            }
            axis = hemisphere == "N" || hemisphere == "S" ? .latitude : .longitude
            if hemisphere == "S" || hemisphere == "W" { value = -value }
        }
        return .success(PositionComponent(value: value, axis: axis))
    }
}
