#!/usr/bin/env python3
"""Drives the real roadtrip binary in a pseudo-terminal and measures what a person meets.

Prints one JSON object:
  first_frame_ms  spawn to the first complete frame (the status line's hints have arrived)
  select_bytes    bytes the terminal received for each selection move (↓ / ↑ on the trip list)
  stop_bytes      bytes for each stop move (J / K on the trip detail)
  peak_rss_kb     the process's peak resident memory (VmHWM, read before it quits)

Usage: pty_bench.py BINARY DATA_FILE [--keys N]
Only the standard library: pty, os, select, termios, fcntl, struct, time, json.
"""
import fcntl
import json
import os
import pty
import select
import struct
import sys
import termios
import time

COLUMNS, ROWS = 100, 30
READY = b"help"  # the status line's last hint that fits 100 columns: once it is drawn, the frame is complete


def read_until(fd, marker, timeout):
    data = b""
    deadline = time.monotonic() + timeout
    while marker not in data:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no {marker!r} within {timeout}s; got {data[-400:]!r}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            data += chunk
    return data


def drain(fd, quiet=0.15):
    """Everything the program writes until it has been quiet for `quiet` seconds."""
    data = b""
    while True:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            return data
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return data
        if not chunk:
            return data
        data += chunk


def peak_resident_kb(pid):
    """VmHWM: the peak resident set of the process image (ru_maxrss would include the forking parent's)."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return -1


def main():
    binary, data_file = sys.argv[1], sys.argv[2]
    keys = int(sys.argv[sys.argv.index("--keys") + 1]) if "--keys" in sys.argv else 20
    env = dict(os.environ, TERM="xterm-256color", ESCDELAY="25", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        os.execve(binary, [binary, "--data", data_file], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
    read_until(fd, READY, 30)
    first_frame_ms = (time.monotonic() - start) * 1000
    drain(fd)

    def bytes_per_key(sequence):
        counts = []
        for i in range(keys):
            os.write(fd, sequence[i % len(sequence)])
            counts.append(len(drain(fd)))
        return counts

    select_bytes = bytes_per_key([b"\x1b[B", b"\x1b[A"])
    os.write(fd, b"\r")  # open the selected trip
    drain(fd, 0.5)
    stop_bytes = bytes_per_key([b"J", b"K"])
    peak_kb = peak_resident_kb(pid)
    os.write(fd, b"q")
    drain(fd, 0.3)
    os.write(fd, b"q")
    _, status, usage = os.wait4(pid, 0)
    print(json.dumps({
        "first_frame_ms": first_frame_ms,
        "select_bytes": select_bytes,
        "stop_bytes": stop_bytes,
        "peak_rss_kb": max(peak_kb, 0),
        "exit_status": os.waitstatus_to_exitcode(status),
    }))


if __name__ == "__main__":
    main()
