#!/usr/bin/python3
"""Writes a larger OpenStreetMap extract made of copies of a small real one, for measuring how
`roadtrip roads import` scales: no extract larger than a few MB is reachable here (PyPI and
Debian only), so the figures for a state, a country and a continent are extrapolated from this.

Each copy is the source shifted by whole tenths of a degree on a grid, with its ids offset so no
two copies share an object. The road networks do not join (each copy is an island), which changes
nothing for the preparation's time, disk and memory per byte, which is what is measured.

Usage: synthetic_extract.py SOURCE.osm.pbf COPIES OUT.osm.pbf   (needs python3-pyosmium)"""
import math
import sys

import osmium


def main():
    source, copies, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    side = math.ceil(math.sqrt(copies))
    # Ids above the source's largest, per kind, so copies never collide.
    class Extent(osmium.SimpleHandler):
        def __init__(self):
            super().__init__()
            self.top = 0
            self.south, self.west, self.north, self.east = 90.0, 180.0, -90.0, -180.0

        def node(self, n):
            self.top = max(self.top, n.id)
            self.south, self.north = min(self.south, n.location.lat), max(self.north, n.location.lat)
            self.west, self.east = min(self.west, n.location.lon), max(self.east, n.location.lon)

        def way(self, w):
            self.top = max(self.top, w.id)

        def relation(self, r):
            self.top = max(self.top, r.id)

    extent = Extent()
    extent.apply_file(source)
    step_lat = math.ceil((extent.north - extent.south) * 10 + 1) / 10
    step_lon = math.ceil((extent.east - extent.west) * 10 + 1) / 10
    writer = osmium.SimpleWriter(out)
    try:
        for kind in ("node", "way", "relation"):
            for copy in range(copies):
                offset = copy * (extent.top + 1)
                dlat, dlon = (copy // side) * step_lat, (copy % side) * step_lon

                class Shift(osmium.SimpleHandler):
                    def node(self, n):
                        if kind == "node":
                            loc = osmium.osm.Location(n.location.lon + dlon, n.location.lat + dlat)
                            writer.add_node(n.replace(id=n.id + offset, location=loc))

                    def way(self, w):
                        if kind == "way":
                            writer.add_way(w.replace(id=w.id + offset, nodes=[r.ref + offset for r in w.nodes]))

                    def relation(self, r):
                        if kind == "relation":
                            members = [(m.type, m.ref + offset, m.role) for m in r.members]
                            writer.add_relation(r.replace(id=r.id + offset, members=members))

                Shift().apply_file(source)
    finally:
        writer.close()


if __name__ == "__main__":
    main()
