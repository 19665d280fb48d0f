import Foundation
import Testing
@testable import RoadtripCore

@Suite struct DataLocationTests {
    let env = ["HOME": "/home/ada", "ROADTRIP_DATA": "/srv/trips.json", "XDG_DATA_HOME": "/xdg"]

    @Test func argumentComesFirst() {
        #expect(DataLocation.resolve(argument: "/tmp/mine.json", environment: env).path == "/tmp/mine.json")
    }

    @Test func relativeArgumentIsFromTheWorkingFolder() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(DataLocation.resolve(argument: "a/b.json", environment: env).path == cwd + "/a/b.json")
    }

    @Test func environmentVariableIsNext() {
        #expect(DataLocation.resolve(argument: nil, environment: env).path == "/srv/trips.json")
        #expect(DataLocation.resolve(argument: "", environment: env).path == "/srv/trips.json")
    }

    @Test func tildeIsExpandedInTheVariable() {
        let e = ["HOME": "/home/ada", "ROADTRIP_DATA": "~/trips.json"]
        #expect(DataLocation.resolve(argument: nil, environment: e).path == "/home/ada/trips.json")
    }

    @Test func xdgDataHomeIsNext() {
        let e = ["HOME": "/home/ada", "XDG_DATA_HOME": "/xdg"]
        #expect(DataLocation.resolve(argument: nil, environment: e).path == "/xdg/roadtrip/trips.json")
    }

    @Test func defaultIsUnderTheHomeFolder() {
        #expect(
            DataLocation.resolve(argument: nil, environment: ["HOME": "/home/ada"]).path
                == "/home/ada/.local/share/roadtrip/trips.json")
    }

    @Test func emptyAndRelativeValuesAreIgnored() {
        let e = ["HOME": "/home/ada", "ROADTRIP_DATA": "", "XDG_DATA_HOME": "relative/data"]
        #expect(DataLocation.resolve(argument: nil, environment: e).path == "/home/ada/.local/share/roadtrip/trips.json")
    }
}

@Suite struct ResourceLocatorTests {
    /// A folder holding Data/sample-trips.json, and a bin folder two levels below it.
    private func fakeRepository(_ folder: URL) throws -> (data: URL, executable: URL) {
        let data = folder.appendingPathComponent("repo/Data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: data.appendingPathComponent("sample-trips.json").path, contents: Data("{}".utf8))
        let bin = folder.appendingPathComponent("repo/.build/debug")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        return (data, bin.appendingPathComponent("roadtrip"))
    }

    @Test func environmentVariableWins() throws {
        try withTemporaryFolder { folder in
            let repo = try fakeRepository(folder)
            let env = ["ROADTRIP_DATA_DIR": repo.data.deletingLastPathComponent().path]
            #expect(
                ResourceLocator.locate(environment: env, executablePaths: [], sourceFile: "/nowhere/x.swift").directory?.path
                    == repo.data.path)
            let direct = ["ROADTRIP_DATA_DIR": repo.data.path]
            #expect(
                ResourceLocator.locate(environment: direct, executablePaths: [], sourceFile: "/nowhere/x.swift").directory?.path
                    == repo.data.path)
        }
    }

    @Test func walksUpFromTheExecutable() throws {
        try withTemporaryFolder { folder in
            let repo = try fakeRepository(folder)
            let found = ResourceLocator.locate(
                environment: [:], executablePaths: [repo.executable.path],
                sourceFile: "/nowhere/Sources/RoadtripCore/Resources/x.swift")
            #expect(found.directory?.path == repo.data.path)
        }
    }

    @Test func anInstalledBinaryFindsItsShareFolder() throws {
        try withTemporaryFolder { folder in
            let share = folder.appendingPathComponent("prefix/share/roadtrip")
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: share.appendingPathComponent("sample-trips.json").path, contents: Data("{}".utf8))
            let found = ResourceLocator.locate(
                environment: [:], executablePaths: [folder.appendingPathComponent("prefix/bin/roadtrip").path],
                sourceFile: "/nowhere/Sources/RoadtripCore/Resources/x.swift")
            #expect(found.directory?.standardizedFileURL.path == share.standardizedFileURL.path)
        }
    }

    @Test func fallsBackToTheSourceTree() throws {
        try withTemporaryFolder { folder in
            let repo = try fakeRepository(folder)
            let source = folder.appendingPathComponent("repo/Sources/RoadtripCore/Resources/ResourceLocator.swift")
            let found = ResourceLocator.locate(environment: [:], executablePaths: ["/usr/bin/true"], sourceFile: source.path)
            #expect(found.directory?.path == repo.data.path)
        }
    }

    @Test func nilWhenNothingIsThere() {
        let wrong = ResourceLocator.locate(
            environment: ["ROADTRIP_DATA_DIR": "/nonexistent"], executablePaths: [],
            sourceFile: #filePath)
        #expect(wrong.directory == nil)
        #expect(wrong.missingMessage.contains("/nonexistent") && wrong.missingMessage.contains("ROADTRIP_DATA_DIR"))
        let none = ResourceLocator.locate(
            environment: [:], executablePaths: ["/usr/bin/true"],
            sourceFile: "/nowhere/Sources/RoadtripCore/Resources/x.swift")
        #expect(none.directory == nil)
        #expect(none.searched.contains("/usr/share/roadtrip") && none.searched.contains("/nowhere/Data"))
    }

    @Test func findsThisRepositorysDataFolder() throws {
        let data = try #require(ResourceLocator.dataDirectory)
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("sample-trips.json").path))
    }
}
