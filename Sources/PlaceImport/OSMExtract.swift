import Foundation
import Gazetteer
import RoadtripCore

/// A named place read from an extract, before it is given a region, country and zone.
struct ExtractedPlace: Equatable {
    var name: String
    var aliases: [String]
    var kind: String
    var coordinate: Coordinate
    var population: Int
}

/// Reads the named settlements and points of interest of an OpenStreetMap PBF extract.
///
/// Nodes are points already; ways and relations (a lake, a national park) become the mean of their
/// nodes, found in three passes over the file: relations name the ways they need, ways the nodes.
enum OSMExtract {
    static func places(in path: String) throws -> [ExtractedPlace] {
        let blocks = PBFBlocks(path: path)
        var found: [ExtractedPlace] = []
        // Pass 1: relations worth a stop, and the ways they are made of.
        var relations: [(place: ExtractedPlace, ways: [Int64])] = []
        var neededWays = Set<Int64>()
        try blocks.forEachDataBlock { block in
            let strings = block.stringtable.s.map { String(decoding: $0, as: UTF8.self) }
            for group in block.primitivegroup {
                for relation in group.relations {
                    let tags = Self.tags(relation.keys, relation.vals, strings)
                    guard let place = Self.place(tags) else { continue }
                    var id: Int64 = 0
                    var ways: [Int64] = []
                    for (delta, type) in zip(relation.memids, relation.types) {
                        try Self.advance(&id, by: delta, "relation member id", in: path)
                        if type == .way { ways.append(id) }
                    }
                    guard !ways.isEmpty else { continue }
                    relations.append((place, ways))
                    neededWays.formUnion(ways)
                }
            }
        }
        // Pass 2: ways worth a stop, and the nodes of those and of the relations' ways.
        var ways: [(place: ExtractedPlace, nodes: [Int64])] = []
        var memberWays: [Int64: [Int64]] = [:]
        var neededNodes = Set<Int64>()
        try blocks.forEachDataBlock { block in
            let strings = block.stringtable.s.map { String(decoding: $0, as: UTF8.self) }
            for group in block.primitivegroup {
                for way in group.ways {
                    let place = Self.place(Self.tags(way.keys, way.vals, strings))
                    guard place != nil || neededWays.contains(way.id) else { continue }
                    var id: Int64 = 0
                    let nodes = try way.refs.map { delta in
                        try Self.advance(&id, by: delta, "way node reference", in: path)
                        return id
                    }
                    if let place { ways.append((place, nodes)) }
                    if neededWays.contains(way.id) { memberWays[way.id] = nodes }
                    neededNodes.formUnion(nodes)
                }
            }
        }
        // Pass 3: nodes worth a stop, and the positions of every node needed above.
        var positions: [Int64: Coordinate] = [:]
        try blocks.forEachDataBlock { block in
            let strings = block.stringtable.s.map { String(decoding: $0, as: UTF8.self) }
            let scale = Double(block.granularity) / 1e9
            func coordinate(_ lat: Int64, _ lon: Int64) -> Coordinate {
                Coordinate(
                    latitude: Double(block.latOffset) / 1e9 + Double(lat) * scale,
                    longitude: Double(block.lonOffset) / 1e9 + Double(lon) * scale)
            }
            for group in block.primitivegroup {
                for node in group.nodes {
                    let c = coordinate(node.lat, node.lon)
                    if neededNodes.contains(node.id) { positions[node.id] = c }
                    if var place = Self.place(Self.tags(node.keys, node.vals, strings)) {
                        place.coordinate = c
                        found.append(place)
                    }
                }
                guard group.hasDense else { continue }
                let dense = group.dense
                var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0, k = 0
                for i in dense.id.indices where i < dense.lat.count && i < dense.lon.count {
                    try Self.advance(&id, by: dense.id[i], "node id", in: path)
                    try Self.advance(&lat, by: dense.lat[i], "node latitude", in: path)
                    try Self.advance(&lon, by: dense.lon[i], "node longitude", in: path)
                    // Tags of every dense node in one array: (key, value)* then 0.
                    var tags: [String: String] = [:]
                    while k < dense.keysVals.count, dense.keysVals[k] != 0 {
                        if k + 1 < dense.keysVals.count {
                            tags[Self.string(dense.keysVals[k], strings)] = Self.string(dense.keysVals[k + 1], strings)
                        }
                        k += 2
                    }
                    k += 1
                    let c = coordinate(lat, lon)
                    if neededNodes.contains(id) { positions[id] = c }
                    if !tags.isEmpty, var place = Self.place(tags) {
                        place.coordinate = c
                        found.append(place)
                    }
                }
            }
        }
        for (place, nodes) in ways {
            if let centre = Self.centre(nodes.compactMap { positions[$0] }) { found.append(with(place, centre)) }
        }
        for (place, members) in relations {
            let points = members.flatMap { memberWays[$0] ?? [] }.compactMap { positions[$0] }
            if let centre = Self.centre(points) { found.append(with(place, centre)) }
        }
        return found
    }

    private static func with(_ place: ExtractedPlace, _ coordinate: Coordinate) -> ExtractedPlace {
        var moved = place
        moved.coordinate = coordinate
        return moved
    }

    /// The mean of the points: a way's or an area's middle, good enough to find it and drive there.
    private static func centre(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        let n = Double(points.count)
        return Coordinate(latitude: points.map(\.latitude).reduce(0, +) / n, longitude: points.map(\.longitude).reduce(0, +) / n)
    }

    /// A place for tags that name something worth a stop; its position is filled in later.
    /// `value + delta`, or a one-line refusal: ids and positions are stored as differences, and a
    /// running sum past Int64 is a damaged (or crafted) file, never a place.
    private static func advance(_ value: inout Int64, by delta: Int64, _ what: String, in path: String) throws {
        let (sum, overflow) = value.addingReportingOverflow(delta)
        guard !overflow else {
            throw ImportError(
                "\(PlainText.line(path)): a \(what) runs past the largest number a PBF holds; the file is damaged: download it again"
            )
        }
        value = sum
    }

    private static func place(_ tags: [String: String]) -> ExtractedPlace? {
        guard let kind = OSMFeature.kind(tags), let raw = OSMFeature.name(tags, kind: kind) else { return nil }
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return nil }
        let population = tags["population"].flatMap(Plausibility.population) ?? 0
        return ExtractedPlace(
            name: name, aliases: OSMFeature.aliases(tags, name: name), kind: kind,
            coordinate: Coordinate(latitude: 0, longitude: 0), population: population)
    }

    private static func tags(_ keys: [UInt32], _ values: [UInt32], _ strings: [String]) -> [String: String] {
        var tags: [String: String] = [:]
        for (k, v) in zip(keys, values) { tags[string(Int32(clamping: k), strings)] = string(Int32(clamping: v), strings) }
        return tags
    }

    private static func string(_ index: Int32, _ strings: [String]) -> String {
        strings.indices.contains(Int(index)) ? strings[Int(index)] : ""
    }
}
