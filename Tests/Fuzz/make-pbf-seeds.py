#!/usr/bin/env python3
"""Writes the PBF seeds of the fuzzer into Tests/Fixtures/fuzz/pbf (run from anywhere).

Hand-encoded protobuf (the subset of osm_pbf.proto that Sources/PlaceImport reads), so no
protobuf package or osmium is needed. Blocks are stored raw, so libFuzzer's byte mutations reach
the PrimitiveBlock decoder; one seed is zlib-compressed to keep the inflate path in the corpus.

  monaco.osm.pbf                          a town, a fuel station, a peak (dense nodes), a museum
                                          (a plain node), a lake (a way) and a park (a relation)
  monaco-zlib.osm.pbf                     the same, its data block zlib-compressed
  off-the-earth.osm.pbf                   a named node at latitude 95: never an imported place
  crash-dense-delta-overflow.osm.pbf      dense node id deltas of 2^62, twice: Int64 overflow
  crash-way-ref-overflow.osm.pbf          a named way whose node refs add up past Int64
  crash-relation-memid-overflow.osm.pbf   a named relation whose member ids add up past Int64
  crash-population-int-max.osm.pbf        population=9223372036854775807: no place has it
"""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Fixtures", "fuzz", "pbf")


def varint(n):
    n &= (1 << 64) - 1  # negative int32/int64 as protobuf writes them: ten bytes
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def zigzag(n):
    return ((n << 1) ^ (n >> 63)) & ((1 << 64) - 1)


def key(field, wire):
    return varint(field << 3 | wire)


def vint(field, n):
    return key(field, 0) + varint(n)


def sint(field, n):
    return key(field, 0) + varint(zigzag(n))


def blob(field, data):
    return key(field, 2) + varint(len(data)) + data


def packed(field, values, encode=varint):
    return blob(field, b"".join(encode(v) for v in values))


def packed_sint(field, values):
    return packed(field, values, lambda v: varint(zigzag(v)))


def deltas(values):
    out, last = [], 0
    for v in values:
        out.append(v - last)
        last = v
    return out


class Strings:
    def __init__(self):
        self.table = [b""]

    def __call__(self, text):
        data = text.encode()
        if data not in self.table:
            self.table.append(data)
        return self.table.index(data)

    def encoded(self):
        return blob(1, b"".join(blob(1, s) for s in self.table))


def tagged(strings, tags):
    return [strings(k) for k in tags], [strings(v) for v in tags.values()]


def dense(strings, nodes):
    """nodes: (id, lat, lon, tags), positions in 1e-7 degrees (granularity 100)."""
    keys_vals = []
    for _, _, _, tags in nodes:
        for k, v in tags.items():
            keys_vals += [strings(k), strings(v)]
        keys_vals.append(0)
    return blob(
        2,
        packed_sint(1, deltas([n[0] for n in nodes]))
        + packed_sint(8, deltas([n[1] for n in nodes]))
        + packed_sint(9, deltas([n[2] for n in nodes]))
        + packed(10, keys_vals),
    )


def node(strings, node_id, lat, lon, tags):
    keys, vals = tagged(strings, tags)
    return blob(1, sint(1, node_id) + packed(2, keys) + packed(3, vals) + sint(8, lat) + sint(9, lon))


def way(strings, way_id, tags, refs, raw_refs=None):
    keys, vals = tagged(strings, tags)
    return blob(3, vint(1, way_id) + packed(2, keys) + packed(3, vals)
                + packed_sint(8, raw_refs if raw_refs is not None else deltas(refs)))


def relation(strings, rel_id, tags, members, raw_memids=None):
    """members: (type, id) with type 0 node, 1 way, 2 relation."""
    keys, vals = tagged(strings, tags)
    memids = raw_memids if raw_memids is not None else deltas([m[1] for m in members])
    return blob(4, vint(1, rel_id) + packed(2, keys) + packed(3, vals)
                + packed_sint(9, memids) + packed(10, [m[0] for m in members]))


def primitive_block(strings, groups):
    return strings.encoded() + b"".join(blob(2, g) for g in groups) + vint(17, 100)


def file_block(kind, payload, compress=False):
    body = (vint(2, len(payload)) + blob(3, zlib.compress(payload, 9))) if compress else blob(1, payload)
    header = blob(1, kind.encode()) + vint(3, len(body))
    return struct.pack(">I", len(header)) + header + body


HEADER = file_block("OSMHeader", blob(4, b"OsmSchema-V0.6") + blob(4, b"DenseNodes"))


def e7(degrees):
    return round(degrees * 1e7)


def monaco(compress=False):
    s = Strings()
    nodes = [
        (101, e7(43.7384), e7(7.4246), {"name": "Monte-Carlo", "place": "town", "population": "15,200"}),
        (102, e7(43.7312), e7(7.4150), {"name": "Station Fontvieille", "amenity": "fuel"}),
        (103, e7(43.7480), e7(7.4090), {"name": "Tête de Chien", "natural": "peak", "ele": "550",
                                        "name:en": "Dog's Head", "alt_name": "Testa de Can"}),
        (201, e7(43.7290), e7(7.4140), {}),
        (202, e7(43.7295), e7(7.4160), {}),
        (203, e7(43.7285), e7(7.4170), {}),
    ]
    groups = [
        dense(s, nodes),
        node(s, 104, e7(43.7308), e7(7.4256), {"name": "Musée Océanographique", "tourism": "museum"}),
        way(s, 301, {"name": "Étang", "natural": "water"}, [201, 202, 203, 201]),
        way(s, 302, {"highway": "path"}, [203, 202]),
        relation(s, 401, {"name": "Parc Princesse Antoinette", "leisure": "nature_reserve"}, [(1, 302), (0, 101)]),
    ]
    return HEADER + file_block("OSMData", primitive_block(s, groups), compress)


def off_the_earth():
    s = Strings()
    groups = [node(s, 1, e7(95.0), e7(500.0), {"name": "Nowhere", "place": "village"}),
              node(s, 2, e7(43.7384), e7(7.4246), {"name": "Somewhere", "place": "village"})]
    return HEADER + file_block("OSMData", primitive_block(s, groups))


def dense_overflow():
    s = Strings()
    tags = {"name": "Overflow", "place": "hamlet"}
    group = blob(2, packed_sint(1, [1 << 62, 1 << 62]) + packed_sint(8, [0, 0]) + packed_sint(9, [0, 0])
                 + packed(10, [s("name"), s("Overflow"), s("place"), s("hamlet"), 0, 0]))
    return HEADER + file_block("OSMData", primitive_block(s, [group]))


def way_overflow():
    s = Strings()
    groups = [way(s, 1, {"name": "Overflow Lake", "natural": "water"}, None, raw_refs=[1 << 62, 1 << 62])]
    return HEADER + file_block("OSMData", primitive_block(s, groups))


def relation_overflow():
    s = Strings()
    groups = [relation(s, 1, {"name": "Overflow Park", "boundary": "national_park"}, [(1, 0), (1, 0)],
                       raw_memids=[1 << 62, 1 << 62])]
    return HEADER + file_block("OSMData", primitive_block(s, groups))


def population_int_max():
    s = Strings()
    groups = [node(s, 1, e7(43.7384), e7(7.4246),
                   {"name": "Everyone", "place": "city", "population": "9223372036854775807"})]
    return HEADER + file_block("OSMData", primitive_block(s, groups))


SEEDS = {
    "monaco.osm.pbf": monaco(),
    "monaco-zlib.osm.pbf": monaco(compress=True),
    "off-the-earth.osm.pbf": off_the_earth(),
    "crash-dense-delta-overflow.osm.pbf": dense_overflow(),
    "crash-way-ref-overflow.osm.pbf": way_overflow(),
    "crash-relation-memid-overflow.osm.pbf": relation_overflow(),
    "crash-population-int-max.osm.pbf": population_int_max(),
}

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for name, data in SEEDS.items():
        assert len(data) < 64 * 1024
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
        print(f"{name}: {len(data)} bytes")
