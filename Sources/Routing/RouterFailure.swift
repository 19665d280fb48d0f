import Foundation
import RoadtripCore
import HTTP

/// Why a request to a road router (OSRM or Valhalla) gave no usable legs.
enum RouterFailure: Error, Equatable, Sendable {
    case transport(HTTPFailure)
    /// An HTTP error status; OSRM's own `code` and `message` when the body carried them.
    case status(Int, code: String?, message: String?)
    /// The server understood the request but cannot route it: "NoRoute", "NoSegment", "TooBig".
    case refused(code: String, message: String?)
    case malformed(String)
    case wrongLegCount(expected: Int, received: Int)

    /// OSRM's codes that concern the stops of one request rather than the server: a smaller
    /// request may still succeed.
    static let stopCodes: Set<String> = ["NoRoute", "NoSegment", "TooBig"]

    /// Whether this failure says nothing about other requests, so splitting the request is worth
    /// trying; any other failure means the server cannot be relied on for the rest of this route.
    var concernsOnlyTheseStops: Bool {
        if case let .refused(code, _) = self { return Self.stopCodes.contains(code) }
        return false
    }

    /// Whether the server refused the `exclude=` classes asked for (its profile was not prepared for
    /// that combination, or its algorithm cannot exclude): a smaller combination may work.
    var refusesExclude: Bool {
        guard case let .status(_, code, message) = self else { return false }
        let words = (message ?? "").lowercased()
        return (code == "InvalidValue" || code == "NotImplemented") && words.contains("exclude")
    }

    /// Reads a response: OSRM answers stop problems with HTTP 400 and its own code, so the body is
    /// consulted before the status decides.
    static func interpret(_ response: HTTPResponse, stopCount: Int) -> Result<FetchedRoute, RouterFailure> {
        let answer: OSRMAnswer
        do {
            answer = try JSONDecoder().decode(OSRMAnswer.self, from: response.body)
        } catch {
            guard response.status == 200 else { return .failure(.status(response.status, code: nil, message: nil)) }
            return .failure(.malformed(describe(error)))
        }
        if response.status != 200 {
            if stopCodes.contains(answer.code) { return .failure(.refused(code: answer.code, message: answer.message)) }
            return .failure(.status(response.status, code: answer.code, message: answer.message))
        }
        return answer.fetchedRoute(stopCount: stopCount)
    }

    /// One line for the status bar, naming the server. A server's message is quoted as it came
    /// (flattened to one line): the caller sanitises it for the terminal.
    func reason(server: String) -> String {
        switch self {
        case .transport(.unreachable(let cause)):
            return "\(server) unreachable (\(cause))"
        case .transport(.timedOut(let seconds)):
            return "\(server) did not answer within \(Self.seconds(seconds))"
        case .transport(.tooLarge(let limit)):
            return "\(server) sent an answer over the \(limit >> 20) MB limit"
        case .transport(.cancelled):
            return "the request to \(server) was cancelled"
        case .transport(.transport(let words)):
            return "\(server) failed (\(Self.oneLine(words)))"
        case let .status(status, code, message):
            let detail = [code, message].compactMap { $0 }.map(Self.oneLine).joined(separator: ": ")
            return "\(server) answered HTTP \(status)" + (detail.isEmpty ? "" : " (\(detail))")
        case let .refused(code, message):
            return "\(server) cannot route it (\(Self.oneLine(code))" + (message.map { ": \(Self.oneLine($0))" } ?? "") + ")"
        case .malformed(let detail):
            return "\(server) sent a malformed answer (\(detail))"
        case let .wrongLegCount(expected, received):
            return "\(server) answered \(received) \(received == 1 ? "leg" : "legs") for \(expected)"
        }
    }

    /// The words of a leg this failure left without a road:
    /// "no road route: OSRM 127.0.0.1:5000 finds no road between these stops (…)".
    func noRoadRoute(server: String) -> String {
        guard case let .refused(code, _) = self else { return "no road route: " + reason(server: server) }
        switch code {
        case "NoRoute":
            return
                "no road route: \(server) finds no road between these stops (water without a ferry, or roads it does not connect)"
        case "NoSegment": return "no road route: \(server) has no road near one of these stops"
        default: return "no road route: " + reason(server: server)
        }
    }

    /// A server's words as one clean line: it may send escape sequences or line breaks.
    private static func oneLine(_ text: String) -> String { PlainText.line(text, limit: 160) }

    private static func seconds(_ value: Double) -> String {
        Plausibility.wholeNumber(value).map { "\($0) s" } ?? String(format: "%.1f s", value)
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted:
            return "not complete JSON"
        case DecodingError.keyNotFound(let key, _):
            return "no \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default:
            return "unreadable"
        }
    }
}
