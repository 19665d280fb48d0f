import Foundation

/// Finds the trip a person meant on the command line: its id, its exact name, or an unambiguous name prefix.
public enum TripResolver {
    public static func resolve(_ query: String, in trips: [Trip]) -> Result<Trip, TripResolveError> {
        let q = query.trimmingCharacters(in: .whitespaces)
        guard !q.isEmpty else { return .failure(.init("Name a trip: its id, its name or the start of its name.")) }
        if let id = UUID(uuidString: q), let trip = trips.first(where: { $0.id == id }) { return .success(trip) }
        let exact = trips.filter { $0.name == q }
        if exact.count == 1 { return .success(exact[0]) }
        if exact.count > 1 {
            return .failure(.init("\(exact.count) trips are named “\(q)”; use an id: \(list(exact))"))
        }
        let folded = fold(q)
        let prefixed = trips.filter { fold($0.name).hasPrefix(folded) }
        switch prefixed.count {
        case 1: return .success(prefixed[0])
        case 0:
            if trips.isEmpty { return .failure(.init("No trip “\(q)”: there are no trips yet.")) }
            let close = ClosestNames.closest(to: q, in: trips.map(\.name))
            if !close.isEmpty { return .failure(.init("No trip “\(q)”. Did you mean \(ClosestNames.sentence(close))?")) }
            if trips.count > 10 {
                return .failure(.init("No trip “\(q)”, nor one named like it; `roadtrip list` shows all \(trips.count)."))
            }
            return .failure(.init("No trip “\(q)”. Trips: \(trips.map { "“\($0.name)”" }.joined(separator: ", "))."))
        default:
            return .failure(.init("“\(q)” matches \(prefixed.count) trips: \(list(prefixed))"))
        }
    }

    private static func fold(_ s: String) -> String {
        s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func list(_ trips: [Trip]) -> String {
        trips.prefix(10).map { "“\($0.name)” (\($0.id.uuidString))" }.joined(separator: ", ")
            + (trips.count > 10 ? ", …" : "")
    }
}

/// Why a trip could not be found, with the candidates; one line.
public struct TripResolveError: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}
