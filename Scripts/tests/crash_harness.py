#!/usr/bin/env python3
"""Kills the real roadtrip binary with SIGKILL at random moments during saves and checks the data file.

After every kill the file must parse and hold exactly the state before or after the interrupted
edit (never a mix, never empty), the backup must parse too, and temporary files the kill left
behind must be gone after the next start.

Two drivers, on separate files:
  * `roadtrip save-loop` (hidden, test-only) saves generation after generation; it prints
    "saved N" after each save, so the file must hold generation N or N+1 when it is killed.
    Generation N is the trip "gen N" with 20 + N % 180 stops named "gen N stop i".
  * `roadtrip add-stop` (a real user command) adds one stop per run; the trip must hold
    either the stops before the run or those plus the new one.

Meanwhile a reader (`roadtrip list`, the way a script or a second terminal reads) runs against the
save-loop's file all the time: it holds no lock while a save is under way, so it must neither see a
half-written file nor remove the save's temporary file (which made the save fail before).

Usage: crash_harness.py BINARY KILLS [--seed N]    (prints one summary line; exit 1 on any failure)
"""
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time


def fail(message):
    print(f"crash harness: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def read_json(path, what):
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        fail(f"{what}: cannot read {path}: {e}")
    if not data:
        fail(f"{what}: {path} is empty")
    try:
        return json.loads(data)
    except ValueError as e:
        fail(f"{what}: {path} does not parse: {e}")


def leftovers(folder, name):
    return [n for n in os.listdir(folder) if n.startswith(f".{name}.tmp-") or n.startswith(f".{name}.bak.tmp-")]


def generation_of(document, what):
    trips = document.get("trips")
    if not isinstance(trips, list) or len(trips) != 1:
        fail(f"{what}: expected one trip, found {trips!r:.200}")
    trip = trips[0]
    g = int(trip["name"].removeprefix("gen "))
    stops = trip["waypoints"]
    if len(stops) != 20 + g % 180:
        fail(f"{what}: generation {g} has {len(stops)} stops, expected {20 + g % 180} (a mix of two saves)")
    for i, stop in enumerate(stops):
        if stop["name"] != f"gen {g} stop {i}":
            fail(f"{what}: generation {g}, stop {i} is named {stop['name']!r} (a mix of two saves)")
    return g


def check_cleanup(binary, folder, name, path):
    """If the kill left temporary files, the next start must remove them."""
    left = leftovers(folder, name)
    if not left:
        return 0
    subprocess.run([binary, "list", "--data", path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    still = leftovers(folder, name)
    if still:
        fail(f"temporary files survived the next start: {still}")
    return len(left)


def save_loop_kill(binary, folder, rng, state):
    path = os.path.join(folder, "trips.json")
    proc = subprocess.Popen([binary, "save-loop", "--data", path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Let it run a random while: from before its first save to several saves in.
    time.sleep(rng.uniform(0.0, state["window"]))
    proc.send_signal(signal.SIGKILL)
    out, err = proc.communicate()
    if proc.returncode != -signal.SIGKILL:
        fail(f"save-loop ended by itself (status {proc.returncode}): {err.decode(errors='replace')[:300]}")
    lines = out.decode().split()
    saved = [int(x) for x in lines if x.isdigit()]
    last_known = saved[-1] if saved else state["generation"]
    if os.path.exists(path):
        g = generation_of(read_json(path, "data file"), "data file")
        if g not in (last_known, last_known + 1):
            fail(f"data file holds generation {g}, expected {last_known} or {last_known + 1}")
        state["generation"] = g
        backup = path + ".bak"
        if os.path.exists(backup):
            generation_of(read_json(backup, "backup"), "backup")
    elif last_known != 0:
        fail("data file vanished")
    state["saves"] += len(saved)
    state["leftovers"] += check_cleanup(binary, folder, "trips.json", path)


def add_stop_kill(binary, folder, rng, state):
    path = os.path.join(folder, "cli.json")
    if not os.path.exists(path):
        subprocess.run([binary, "new", "Crash", "--data", path], stdout=subprocess.DEVNULL, check=True)
    before = read_json(path, "cli data file")["trips"][0]["waypoints"]
    n = len(before)
    proc = subprocess.Popen([binary, "add-stop", "Crash", f"{(n % 170) - 85}.5,{(n % 340) - 170}.25",
                             "--name", f"s{n}", "--data", path],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(rng.uniform(0.0, state["cli_window"]))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    after = read_json(path, "cli data file")["trips"][0]["waypoints"]
    if after != before and after[:-1] != before:
        fail(f"add-stop killed: {len(before)} stops before, {len(after)} after, and not the old ones plus one")
    if len(after) == n + 1 and after[-1]["name"] != f"s{n}":
        fail(f"add-stop killed: the new stop is {after[-1]['name']!r}")
    if proc.returncode != -signal.SIGKILL:
        state["cli_finished"] += 1
    state["leftovers"] += check_cleanup(binary, folder, "cli.json", path)


class Reader(threading.Thread):
    """Runs `roadtrip list` on the save-loop's file until stopped; any crash or unreadable file fails."""

    def __init__(self, binary, path):
        super().__init__(daemon=True)
        self.binary, self.path = binary, path
        self.runs, self.problem = 0, None
        self.stopped = threading.Event()

    def run(self):
        while not self.stopped.is_set():
            result = subprocess.run([self.binary, "list", "--data", self.path], capture_output=True)
            self.runs += 1
            if result.returncode not in (0, 1) or (result.returncode == 1 and b"open in another roadtrip" not in result.stderr):
                self.problem = f"list exited {result.returncode}: {result.stderr.decode(errors='replace')[:300]}"
                return


def calibrate(binary, folder):
    """How long one add-stop run takes here, so kills land across its whole life."""
    path = os.path.join(folder, "calibrate.json")
    subprocess.run([binary, "new", "Crash", "--data", path], stdout=subprocess.DEVNULL, check=True)
    start = time.monotonic()
    for i in range(3):
        subprocess.run([binary, "add-stop", "Crash", "1,1", "--name", f"c{i}", "--data", path],
                       stdout=subprocess.DEVNULL, check=True)
    return (time.monotonic() - start) / 3


def main():
    if len(sys.argv) < 3:
        print(__doc__)
        sys.exit(2)
    binary, kills = sys.argv[1], int(sys.argv[2])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else int(time.time())
    rng = random.Random(seed)
    folder = tempfile.mkdtemp(prefix="roadtrip-crash-")
    cli_time = calibrate(binary, folder)
    state = {"generation": 0, "saves": 0, "leftovers": 0, "cli_finished": 0,
             "window": max(0.05, cli_time * 3), "cli_window": cli_time * 1.2}
    cli_kills = kills // 4
    reader = Reader(binary, os.path.join(folder, "trips.json"))
    reader.start()
    for i in range(kills):
        if i % 4 == 3:
            add_stop_kill(binary, folder, rng, state)
        else:
            save_loop_kill(binary, folder, rng, state)
        if reader.problem:
            fail(f"the reader beside the saves: {reader.problem}")
    reader.stopped.set()
    reader.join()
    # The last start must have left nothing behind either.
    for name in ("trips.json", "cli.json"):
        check_cleanup(binary, folder, name, os.path.join(folder, name))
    subprocess.run(["rm", "-rf", folder], check=True)
    print(f"crash harness: {kills} SIGKILLs survived (seed {seed}): {kills - cli_kills} during save-loop "
          f"({state['saves']} saves completed, generation {state['generation']} on disk), "
          f"{cli_kills} during add-stop ({state['cli_finished']} finished before the kill); "
          f"{state['leftovers']} leftover temporary files removed on the next start; "
          f"a reader ran list {reader.runs} times beside the saves; 0 edits lost")


if __name__ == "__main__":
    main()
