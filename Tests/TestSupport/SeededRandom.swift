import RoadtripCore

/// A small seeded generator, so a failing random run can be replayed from its seed.
public typealias SeededRandom = SplitMix64
