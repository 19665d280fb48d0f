#!/usr/bin/env python3
"""Independent check of `roadtrip itinerary --format ics` with PyPI's icalendar.

Parses the file, resolves every TZID through its VTIMEZONE, checks each event's start is before
its end and prints what it read as JSON: [{"summary", "startEpoch", "endEpoch", "description"}], so a
caller can compare them with the plan. Exits 1 with one line per problem, 2 when icalendar is missing.

    Scripts/check_itinerary.py trip.ics
"""
import json
import sys

try:
    import icalendar
except ImportError:
    print("check_itinerary: icalendar is missing; install it with: python3 -m pip install icalendar", file=sys.stderr)
    sys.exit(2)


def main(path):
    problems = []
    with open(path, "rb") as handle:
        raw = handle.read()
    if b"\n" in raw.replace(b"\r\n", b""):
        problems.append(f"{path}: a line ends without CRLF")
    for number, line in enumerate(raw.split(b"\r\n"), 1):
        if len(line) > 75:
            problems.append(f"{path}:{number}: {len(line)} octets, over the 75 of RFC 5545 3.1")
    calendar = icalendar.Calendar.from_ical(raw)
    zones = {str(z["TZID"]) for z in calendar.walk("VTIMEZONE")}
    events = []
    for event in calendar.walk("VEVENT"):
        summary = str(event.get("SUMMARY"))
        for key in ("DTSTART", "DTEND"):
            tzid = event[key].params.get("TZID")
            if tzid and tzid not in zones:
                problems.append(f"{path}: {summary}: {key} names zone {tzid} with no VTIMEZONE")
        start, end = event.decoded("DTSTART"), event.decoded("DTEND")
        if start.tzinfo is None or end.tzinfo is None:
            problems.append(f"{path}: {summary}: a floating time (no zone)")
            continue
        if not start < end:
            problems.append(f"{path}: {summary}: starts {start} and ends {end}")
        events.append({"summary": summary, "startEpoch": start.timestamp(), "endEpoch": end.timestamp(),
                       "description": str(event.get("DESCRIPTION", ""))})
    for problem in problems:
        print(problem, file=sys.stderr)
    print(json.dumps(events, ensure_ascii=False, indent=1))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main(sys.argv[1])
