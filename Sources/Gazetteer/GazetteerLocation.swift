import Foundation

extension Gazetteer {
    /// Where the gazetteer files are: `$ROADTRIP_GAZETTEER`, else the first `Data/` (or
    /// `share/roadtrip/`) holding them above the running executable, else `./Data`.
    ///
    /// A `swift build` binary lives in `<repo>/.build/<triple>/<config>/`, so walking up from
    /// it finds the repository's Data/ folder; an installed one finds `<prefix>/share/roadtrip`.
    public static func defaultDirectory(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        executable: URL? = Bundle.main.executableURL
    ) throws -> URL {
        let marker = "gazetteer-index.bin"
        var searched: [String] = []
        func holds(_ dir: URL) -> Bool {
            searched.append(dir.path)
            return FileManager.default.fileExists(atPath: dir.appendingPathComponent(marker).path)
        }
        if let dir = environment["ROADTRIP_GAZETTEER"], !dir.isEmpty {
            let url = URL(fileURLWithPath: dir)
            if holds(url) { return url }
            throw GazetteerError.notFound(searched: searched)
        }
        if var dir = executable?.resolvingSymlinksInPath().deletingLastPathComponent() {
            while dir.path != "/" {
                for candidate in [dir.appendingPathComponent("Data"), dir.appendingPathComponent("share/roadtrip")]
                where holds(candidate) {
                    return candidate
                }
                dir.deleteLastPathComponent()
            }
        }
        let local = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Data")
        if holds(local) { return local }
        throw GazetteerError.notFound(searched: searched)
    }
}
