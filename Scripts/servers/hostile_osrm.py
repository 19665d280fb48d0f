#!/usr/bin/env python3
"""Points the real roadtrip at hostile routing servers on 127.0.0.1 and measures what it costs.

Servers: an endless answer (1 GiB of body at most, no length), a gzip bomb (1 GiB of zeros
compressed to about 1 MB, sent with Content-Encoding: gzip), and an answer with a leg of 1e300 m.
For each, `roadtrip route` must end (exit 0, the legs estimated, a one-line reason) and its peak
memory stay under 200 MB. Prints one figure line per server; exit 1 on any failure.

Usage: hostile_osrm.py BINARY
"""
import gzip
import io
import os
import socket
import subprocess
import sys
import tempfile
import threading

LIMIT_KB = 200 * 1024


def bomb():
    buf = io.BytesIO()
    with gzip.GzipFile(fileobj=buf, mode="wb", compresslevel=9) as g:
        chunk = b"0" * (1 << 20)
        for _ in range(1024):
            g.write(chunk)
    return buf.getvalue()


def serve(mode, payload):
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)

    def answer(conn):
        try:
            conn.recv(65536)
            if mode == "endless":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n")
                block = b" " * 65536
                for _ in range(16384):
                    conn.sendall(block)
            elif mode == "gzip":
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n" % len(payload) + payload)
            else:
                body = b'{"code":"Ok","routes":[{"legs":[{"distance":1e300,"duration":5}]}]}'
                conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        except OSError:
            pass
        finally:
            conn.close()

    def loop():
        while True:
            try:
                conn, _ = listener.accept()
            except OSError:
                return
            threading.Thread(target=answer, args=(conn,), daemon=True).start()

    threading.Thread(target=loop, daemon=True).start()
    return listener


def main():
    binary = sys.argv[1]
    payload = bomb()
    failed = False
    with tempfile.TemporaryDirectory() as folder:
        for mode in ("endless", "gzip", "absurd"):
            listener = serve(mode, payload)
            port = listener.getsockname()[1]
            with open(os.path.join(folder, "err"), "w+b") as err:
                proc = subprocess.Popen([binary, "route", "--data", os.path.join(folder, "t.json"),
                                         "--osrm", f"http://127.0.0.1:{port}", "--osrm-timeout", "20",
                                         "46.2, 6.1", "45.9, 6.8"], stdout=subprocess.DEVNULL, stderr=err)
                # wait4 gives this one child's own peak memory.
                _, status, usage = os.wait4(proc.pid, 0)
                returncode = os.waitstatus_to_exitcode(status)
                err.seek(0)
                reason = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
            peak = usage.ru_maxrss
            listener.close()
            ok = returncode == 0 and "estimated" in reason[0] and peak < LIMIT_KB
            failed |= not ok
            print(f"hostile OSRM ({mode}): {'survived' if ok else 'FAILED'}, exit {returncode}, "
                  f"peak memory {peak // 1024} MB: {reason[0][:160]}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
