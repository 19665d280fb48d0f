import Foundation
import RoadtripCore
import Testing
import TestSupport

/// `places import`, `imported`, `forget` through the real binary, and imported places used as stops.
@Suite struct CLIPlacesImportTests {
    static let monaco = RoadtripProcess.repositoryRoot.appendingPathComponent("Tests/Fixtures/osrm/monaco.osm.pbf").path

    @Test func anImportedRegionIsSearchedUsedAndForgotten() throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        let imported = try sandbox.run("places", "import", Self.monaco)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout.hasPrefix("Imported “monaco” from "))
        #expect(FileManager.default.fileExists(atPath: sandbox.file("places/monaco.json").path))
        #expect(try sandbox.run("places", "imported").stdout.hasPrefix("monaco  "))

        // Neither a town nor a curated destination: only the import knows it.
        let found = try sandbox.run("places", "Jardin Animalier", "--limit", "1")
        #expect(
            found.status == 0 && found.stdout.contains("Le Jardin Animalier") && found.stdout.contains("sight")
                && found.stdout.contains("OpenStreetMap, monaco"), "\(found)")
        let added = try sandbox.run("add-stop", "Alps", "Le Jardin Animalier")
        #expect(added.status == 0, "\(added)")
        let stop = try #require(try sandbox.trips().first?.waypoints.last)
        #expect(stop.name == "Le Jardin Animalier" && stop.timeZone == "Europe/Monaco")

        #expect(try sandbox.run("places", "forget", "monaco").status == 0)
        #expect(try sandbox.run("places", "Jardin Animalier", "--limit", "1").stdout.contains("Le Jardin Animalier") == false)
        let unknown = try sandbox.run("places", "forget", "monaco")
        #expect(unknown.isOneLineUserError && unknown.stderr.contains("No region is imported"), "\(unknown)")
        // The search is still the default: a query needs no `search`.
        #expect(try sandbox.run("places", "Hallstatt", "--limit", "1").stdout.contains("Upper Austria"))
    }

    @Test func aFileThatIsNotAnExtractChangesNothing() throws {
        let sandbox = try CLISandbox(trips: [CLITrips.alps])
        try Data("<osm></osm>".utf8).write(to: sandbox.file("x.osm.pbf"))
        let result = try sandbox.run("places", "import", sandbox.file("x.osm.pbf").path)
        #expect(result.isOneLineUserError && result.stderr.contains("not an OpenStreetMap PBF file"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.file("places/x.json").path))
        #expect(try sandbox.run("places", "import", sandbox.file("missing.osm.pbf").path).isOneLineUserError)
    }
}
