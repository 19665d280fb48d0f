import ArgumentParser

/// The road routing engines roadtrip can ask.
enum RoutingEngine: String, CaseIterable {
    case osrm
    case valhalla
}

/// What `--router ENGINE [URL]` asked for: an engine, and its server unless the environment or
/// the config file names it.
struct RouterChoice: Equatable {
    var engine: RoutingEngine
    var url: String?

    /// Reads the option's value: "valhalla", or "valhalla URL" as `RouterArguments.joined` makes it.
    init(parsing text: String) throws {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard let name = parts.first, let engine = RoutingEngine(rawValue: name.lowercased()) else {
            throw ValidationError("--router: \"\(text)\" is not an engine: osrm URL or valhalla URL")
        }
        self.engine = engine
        self.url = parts.count > 1 ? parts[1] : nil
    }
}

/// `--router valhalla URL` is an option with two values, which ArgumentParser does not have: the
/// command line is read with the pair joined into one value ("valhalla URL") before parsing.
enum RouterArguments {
    /// `arguments` (without the program name) with each `--router ENGINE URL` joined. A word after
    /// the engine is its URL only when it has a scheme ("://"), so `--router osrm TRIP` keeps TRIP
    /// for the command; nothing after `--` is touched.
    static func joined(_ arguments: [String]) -> [String] {
        var out: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" {
                out += arguments[index...]
                break
            }
            if word == "--router", index + 2 < arguments.count,
                RoutingEngine(rawValue: arguments[index + 1].lowercased()) != nil,
                arguments[index + 2].contains("://")
            {
                out += [word, arguments[index + 1] + " " + arguments[index + 2]]
                index += 3
                continue
            }
            out.append(word)
            index += 1
        }
        return out
    }
}
