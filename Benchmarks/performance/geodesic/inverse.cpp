// GeographicLib's inverse geodesic timed in-process over the benchmark's pairs (lat1 lon1 lat2 lon2 per line).
// Prints nanoseconds per call, the median of three passes. Built by the perf benchmark with
// `g++ -O2 inverse.cpp -lGeographicLib` (Debian: libgeographiclib-dev).
#include <GeographicLib/Geodesic.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <vector>

int main(int argc, char** argv) {
    if (argc != 2) { std::fprintf(stderr, "usage: %s PAIRS\n", argv[0]); return 2; }
    std::ifstream in(argv[1]);
    std::vector<double> v;
    double x;
    while (in >> x) v.push_back(x);
    const GeographicLib::Geodesic& g = GeographicLib::Geodesic::WGS84();
    std::vector<double> passes;
    double sink = 0;
    for (int pass = 0; pass < 3; ++pass) {
        auto start = std::chrono::steady_clock::now();
        for (size_t i = 0; i + 3 < v.size(); i += 4) {
            double s12, azi1, azi2;
            g.Inverse(v[i], v[i + 1], v[i + 2], v[i + 3], s12, azi1, azi2);
            sink += s12;
        }
        std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
        passes.push_back(took.count() / (v.size() / 4));
    }
    std::sort(passes.begin(), passes.end());
    std::printf("%.3f\n", passes[1]);
    return sink == 0 ? 1 : 0;
}
