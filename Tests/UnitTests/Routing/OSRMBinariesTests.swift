import Foundation
import Testing

@testable import Routing

/// roadtrip runs osrm-routed only from where its installer put it: never a program planted in the
/// working folder or any folder above it (issue 33, class 4).
@Suite struct OSRMBinariesTests {
    /// A folder holding `vendor/osrm/<version>/osrm/bin/osrm-routed`, as a stranger could plant in /tmp.
    private func planted(mode: mode_t = 0o755) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("planted-\(UUID().uuidString)")
        let bin = root.appendingPathComponent("vendor/osrm/\(OSRMBinaries.installedVersion)/osrm/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let program = bin.appendingPathComponent("osrm-routed")
        try Data("#!/bin/sh\ntouch \"$0.ran\"\n".utf8).write(to: program)
        chmod(program.path, 0o755)
        chmod(bin.path, mode)
        return root
    }

    @Test func aProgramPlantedAboveTheWorkingFolderOrBesideAnExecutableIsNeverFound() throws {
        let root = try planted()
        defer { try? FileManager.default.removeItem(at: root) }
        // An executable somewhere below the planted folder, not in a checkout: nothing there is ours.
        let executable = root.appendingPathComponent("sub/bin/roadtrip")
        #expect(OSRMBinaries.find("osrm-routed", environment: ["PATH": ""], executable: executable) == nil)
        // Relative PATH entries would be resolved against the working folder: they are skipped.
        #expect(
            OSRMBinaries.find(
                "osrm-routed", environment: ["PATH": "vendor/osrm/\(OSRMBinaries.installedVersion)/osrm/bin"],
                executable: executable) == nil)
    }

    @Test func aCheckoutsOwnVendorFolderIsUsedAndSaidSo() throws {
        let root = try planted()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let executable = root.appendingPathComponent(".build/debug/roadtrip")
        let found = try #require(OSRMBinaries.find("osrm-routed", environment: ["PATH": ""], executable: executable))
        #expect(found.source == "the checkout's vendor/osrm")
        #expect(found.url.path.hasPrefix(root.path))
    }

    @Test func aVendorFolderOthersCanWriteToIsNotTrusted() throws {
        let root = try planted(mode: 0o777)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: root.appendingPathComponent("Package.swift"))
        let executable = root.appendingPathComponent(".build/debug/roadtrip")
        #expect(OSRMBinaries.find("osrm-routed", environment: ["PATH": ""], executable: executable) == nil)
    }

    @Test func theConfiguredProgramWinsAndNothingElseIsTriedWhenItIsWrong() throws {
        let root = try planted()
        defer { try? FileManager.default.removeItem(at: root) }
        let program = root.appendingPathComponent("vendor/osrm/\(OSRMBinaries.installedVersion)/osrm/bin/osrm-routed")
        #expect(OSRMBinaries.find("osrm-routed", environment: ["ROADTRIP_OSRM_BIN": program.path])?.source == "ROADTRIP_OSRM_BIN")
        #expect(OSRMBinaries.find("osrm-routed", environment: ["ROADTRIP_OSRM_BIN": "/nonexistent", "PATH": "/usr/bin"]) == nil)
    }
}
