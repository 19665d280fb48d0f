#!/usr/bin/env python3
"""Writes the best-order benchmark's instances and their best-known orders (run once; the files are committed).

Instances (Benchmarks/optimize/instances/NAME.txt): random points in a square, clustered points, and
real French towns (the n most populous, Paris first and Marseille last, the rest by population, as
someone adding towns would). Each is an open path whose first and last stops stay put.

Best known (NAME.best): LKH's order (elkai, `pip install elkai geographiclib`), found by turning
the open path into a tour through one more, dummy stop, free to reach from the first and the last
stop only, so the best tour passes last → dummy → first and the rest of it is the best path.

Usage: Scripts/bench/optimize_best_known.py [SIZE ...]   (default: 12 16 50 100 200 500 1000 2000)
"""
import math
import random
import sys
from pathlib import Path

from elkai import _elkai
from geographiclib.geodesic import Geodesic

ROOT = Path(__file__).resolve().parent.parent.parent
OUT = ROOT / "Benchmarks" / "optimize" / "instances"
SIZES = [12, 16, 50, 100, 200, 500, 1000, 2000]


def random_points(n, seed):
    rng = random.Random(seed)
    return [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(n)]


def clustered_points(n, seed):
    rng = random.Random(seed)
    centres = [(rng.uniform(0, 1000), rng.uniform(0, 1000)) for _ in range(max(3, n // 25))]
    points = []
    for _ in range(n):
        cx, cy = rng.choice(centres)
        points.append((min(1000.0, max(0.0, rng.gauss(cx, 20))), min(1000.0, max(0.0, rng.gauss(cy, 20)))))
    return points


def french_towns(n):
    rows = []
    with open(ROOT / "Data" / "gazetteer-places.tsv", encoding="utf-8") as f:
        for line in f:
            if line.startswith("#"):
                continue
            cells = line.rstrip("\n").split("\t")
            if cells[3] == "FR":
                rows.append((int(cells[7] or 0), float(cells[5]), float(cells[6]), cells[1]))
    rows.sort(key=lambda r: (-r[0], r[3]))
    chosen = rows[:n]
    paris, marseille = chosen[0], chosen[1]
    middle = chosen[2:]
    return [(r[1], r[2], r[3]) for r in [paris] + middle + [marseille]]


def plane_matrix(points):
    return [[math.dist(a, b) for b in points] for a in points]


def geo_matrix(towns):
    g = Geodesic.WGS84
    n = len(towns)
    m = [[0.0] * n for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            d = g.Inverse(towns[i][0], towns[i][1], towns[j][0], towns[j][1])["s12"]
            m[i][j] = m[j][i] = d
    return m


def path_cost(m, order):
    return sum(m[a][b] for a, b in zip(order, order[1:]))


def nearest_neighbour(m):
    n = len(m)
    left = set(range(1, n - 1))
    order, here = [0], 0
    while left:
        here = min(left, key=lambda k: m[here][k])
        left.remove(here)
        order.append(here)
    return order + [n - 1]


def best_path(m, runs):
    n = len(m)
    # A dummy stop n, free to reach from the first and the last stop and dear from any other: the
    # best tour goes last → dummy → first, and the rest of it is the best open path.
    big = path_cost(m, nearest_neighbour(m)) + max(max(row) for row in m)
    scale = 1e7 / (big + max(max(row) for row in m))
    ints = [[int(round(m[i][j] * scale)) for j in range(n)] + [int(round(big * scale))] for i in range(n)]
    ints.append([int(round(big * scale))] * (n + 1))
    ints[0][n] = ints[n][0] = ints[n - 1][n] = ints[n][n - 1] = 0
    ints[n][n] = 0
    size = n + 1
    problem = (
        f"TYPE : TSP\nDIMENSION : {size}\nEDGE_WEIGHT_TYPE : EXPLICIT\nEDGE_WEIGHT_FORMAT : FULL_MATRIX\n"
        "EDGE_WEIGHT_SECTION\n" + "\n".join(" ".join(map(str, row)) for row in ints) + "\nEOF\n")
    # A shorter subgradient ascent than LKH's default (n/2 periods of O(n²) on a full matrix).
    params = f"RUNS = {runs}\nPROBLEM_FILE = :stdin:\nINITIAL_PERIOD = {min(size // 2, 200)}\n"
    tour = _elkai.solve_problem(params, problem)
    if min(tour) == 1:
        tour = [k - 1 for k in tour]
    k = tour.index(n)
    tour = tour[k + 1:] + tour[:k]
    if tour[0] != 0:
        tour = tour[::-1]
    if tour[0] != 0 or tour[-1] != n - 1:
        raise SystemExit("LKH's tour does not pass last → dummy → first")
    return tour


def write(name, kind, rows, m, runs):
    order = best_path(m, runs)
    with open(OUT / f"{name}.txt", "w") as f:
        f.write(f"# {kind}: {'x y' if kind == 'plane' else 'latitude longitude name'}; first and last stay put\n")
        for row in rows:
            f.write(" ".join(f"{v:.5f}" if isinstance(v, float) else v for v in row) + "\n")
    with open(OUT / f"{name}.best", "w") as f:
        f.write(f"# LKH (elkai, runs={runs}) order; cost {path_cost(m, order):.3f}\n")
        f.write(" ".join(map(str, order)) + "\n")
    print(name, len(rows), f"{path_cost(m, order):.1f}", flush=True)


def main():
    sizes = [int(a) for a in sys.argv[1:]] or SIZES
    OUT.mkdir(parents=True, exist_ok=True)
    for n in sizes:
        runs = 10 if n <= 200 else 3 if n <= 500 else 1
        points = random_points(n, 1000 + n)
        write(f"random-{n}", "plane", points, plane_matrix(points), runs)
        points = clustered_points(n, 2000 + n)
        write(f"clustered-{n}", "plane", points, plane_matrix(points), runs)
        towns = french_towns(n)
        write(f"towns-{n}", "geo", towns, geo_matrix(towns), runs)


if __name__ == "__main__":
    main()
