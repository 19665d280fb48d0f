import Foundation
import Testing
import TestSupport
@testable import RoadtripCore
@testable import TripFile

/// Another program changes the data file while roadtrip has it open: the next save takes their
/// changes in where they do not touch ours, and keeps both versions where they do.
@Suite struct EditsFromElsewhereTests {
    static func trips() -> [Trip] {
        [Trip(name: "Alps"), Trip(name: "Baltic"), Trip(name: "Coast")]
    }

    @Test func aThreeWayMergeTakesEachSidesOwnChanges() {
        let base = Self.trips()
        var ours = base, theirs = base
        ours[0].name = "Alps (ours)"
        theirs[1].name = "Baltic (theirs)"
        theirs.append(Trip(name: "Added by them"))
        ours.remove(at: 2)
        let outcome = TripMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(outcome.trips.map(\.name) == ["Alps (ours)", "Baltic (theirs)", "Added by them"])
        #expect(outcome.conflicts.isEmpty)
        #expect(outcome.takenFromTheirs == 2)
    }

    @Test func aTripBothChangedIsAConflictAndNothingIsLost() {
        let base = Self.trips()
        var ours = base, theirs = base
        ours[0].name = "Alps (ours)"
        theirs[0].name = "Alps (theirs)"
        // They deleted one we changed; we deleted one they changed: both are kept, changed.
        ours[1].name = "Baltic (ours)"
        theirs.remove(at: 1)
        ours.remove(at: 2)
        theirs[theirs.count - 1].name = "Coast (theirs)"
        let outcome = TripMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(outcome.trips.map(\.name) == ["Alps (ours)", "Baltic (ours)", "Coast (theirs)"])
        #expect(Set(outcome.conflicts) == ["Alps (ours)", "Baltic (ours)", "Coast (theirs)"])
    }

    /// The three trips saved at `url`, loaded by a store of ours; then `change` made to them and
    /// written by another program (here another store, without a lock). Returns our store and trips.
    func openedThenChangedElsewhere(at url: URL, _ change: (inout [Trip]) -> Void) throws -> (JSONTripStore, [Trip]) {
        try JSONTripStore(url: url).save(TripDocument(trips: Self.trips()))
        let ours = JSONTripStore(url: url)
        let trips = try #require(try ours.load()).trips
        var theirs = trips
        change(&theirs)
        try JSONTripStore(url: url).save(TripDocument(trips: theirs))
        return (ours, trips)
    }

    @Test func theStoreMergesAChangeMadeOnDiskMeanwhile() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            var (ours, trips) = try openedThenChangedElsewhere(at: url) { $0[1].name = "Baltic Sea" }
            trips[0].name = "Alpen"
            try ours.save(TripDocument(trips: trips))
            #expect(try JSONTripStore(url: url).load()?.trips.map(\.name) == ["Alpen", "Baltic Sea", "Coast"])
            let change = try #require(ours.takeExternalChange())
            #expect(change.trips?.map(\.name) == ["Alpen", "Baltic Sea", "Coast"])
            #expect(change.notice.contains("changed by another program"))
            // The next save sees no change of theirs: nothing to say.
            trips = try #require(change.trips)
            trips[2].name = "Côte"
            try ours.save(TripDocument(trips: trips))
            #expect(ours.takeExternalChange() == nil)
        }
    }

    @Test func bothChangingOneTripKeepsTheirsBesideTheFile() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            var (ours, trips) = try openedThenChangedElsewhere(at: url) { $0[0].name = "Alps (theirs)" }
            trips[0].name = "Alps (ours)"
            try ours.save(TripDocument(trips: trips))
            #expect(try JSONTripStore(url: url).load()?.trips.first?.name == "Alps (ours)")
            let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix("trips.conflict-")
            }
            #expect(copies.count == 1)
            let kept = try #require(copies.first)
            #expect(try JSONTripStore(url: folder.appendingPathComponent(kept)).load()?.trips.first?.name == "Alps (theirs)")
            #expect(ours.takeExternalChange()?.notice.contains(kept) == true)
        }
    }

    /// Conflicts within one second (the copy's name has seconds) keep one copy each: a later one
    /// must not replace an earlier, the other program's only record of that change.
    @Test func conflictsInOneSecondKeepEachOfTheirVersions() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("trips.json")
            var (ours, trips) = try openedThenChangedElsewhere(at: url) { $0[0].name = "Alps (theirs 1)" }
            trips[0].name = "Alps (ours 1)"
            try ours.save(TripDocument(trips: trips))
            for round in 2...3 {
                var theirs = try #require(try JSONTripStore(url: url).load()).trips
                theirs[0].name = "Alps (theirs \(round))"
                try JSONTripStore(url: url).save(TripDocument(trips: theirs))
                trips[0].name = "Alps (ours \(round))"
                try ours.save(TripDocument(trips: trips))
            }
            let copies = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
                $0.hasPrefix("trips.conflict-")
            }
            let kept = try copies.compactMap {
                try JSONTripStore(url: folder.appendingPathComponent($0)).load()?.trips.first?.name
            }
            #expect(Set(kept).isSuperset(of: ["Alps (theirs 1)", "Alps (theirs 2)", "Alps (theirs 3)"]), "\(copies)")
            #expect(try JSONTripStore(url: url).load()?.trips.first?.name == "Alps (ours 3)")
        }
    }
}
