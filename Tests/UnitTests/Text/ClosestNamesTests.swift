import Foundation
import Testing
@testable import RoadtripCore

/// "Did you mean": the names a person most likely meant, by what they hold and by typos.
@Suite struct ClosestNamesTests {
    private let names = ["Alps", "Alpine loop", "Côte d’Azur", "Route 66", "東京 → 京都", "Coast run & back"]

    @Test func aSwappedOrMissingLetterIsOneTypo() {
        #expect(ClosestNames.closest(to: "Alsp", in: names) == ["Alps"])
        #expect(ClosestNames.closest(to: "Rout 66", in: names) == ["Route 66"])
        #expect(ClosestNames.closest(to: "alpine lop", in: names) == ["Alpine loop"])
    }

    @Test func aPartOfTheNameCaseAndAccentsAsideFindsIt() {
        #expect(ClosestNames.closest(to: "cote", in: names) == ["Côte d’Azur"])
        #expect(ClosestNames.closest(to: "loop", in: names) == ["Alpine loop"])
        #expect(ClosestNames.closest(to: "京都", in: names) == ["東京 → 京都"])
        #expect(ClosestNames.closest(to: "coast rn", in: names) == ["Coast run & back"])
    }

    @Test func nothingCloseIsNothing() {
        #expect(ClosestNames.closest(to: "Nowhere", in: names).isEmpty)
        #expect(ClosestNames.closest(to: "", in: names).isEmpty)
    }

    @Test func theSentenceNamesThemAsASentenceDoes() {
        #expect(ClosestNames.sentence(["Alps"]) == "“Alps”")
        #expect(ClosestNames.sentence(["A", "B", "C"]) == "“A”, “B” or “C”")
    }

    @Test func theResolverSaysWhichTripWasMeant() {
        let trips = names.map { Trip(name: $0) } + (1...20).map { Trip(name: "Weekend \($0)") }
        guard case let .failure(error) = TripResolver.resolve("Alsp", in: trips) else {
            Issue.record("found a trip for Alsp")
            return
        }
        #expect(error.description == "No trip “Alsp”. Did you mean “Alps”?")
        guard case let .failure(far) = TripResolver.resolve("Nowhere", in: trips) else { return }
        #expect(far.description == "No trip “Nowhere”, nor one named like it; `roadtrip list` shows all 26.")
    }

    @Test func typosCountAsDamerauLevenshtein() {
        #expect(ClosestNames.editDistance(Array("abcd"), Array("abdc")) == 1)
        #expect(ClosestNames.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(ClosestNames.editDistance(Array(""), Array("abc")) == 3)
    }
}
