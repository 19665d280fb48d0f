#!/usr/bin/env bash
# Regenerates Sources/PlaceImport/Generated/osm_pbf.pb.swift from Sources/PlaceImport/Schema/osm_pbf.proto.
# Needs protoc (apt-get install protobuf-compiler) and protoc-gen-swift of the swift-protobuf version
# Package.swift names, built once: swift build -c release --product protoc-gen-swift in a checkout of it.
# The generated file is committed, so neither tool is needed to build roadtrip.
# Usage: PROTOC_GEN_SWIFT=/path/to/protoc-gen-swift Scripts/data/generate_osm_proto.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
plugin=${PROTOC_GEN_SWIFT:-$(command -v protoc-gen-swift || true)}
[ -x "$plugin" ] || { echo "generate_osm_proto: set PROTOC_GEN_SWIFT to protoc-gen-swift" >&2; exit 2; }
protoc --plugin=protoc-gen-swift="$plugin" --swift_opt=Visibility=Internal \
  --proto_path=Sources/PlaceImport/Schema --swift_out=Sources/PlaceImport/Generated osm_pbf.proto
echo "wrote Sources/PlaceImport/Generated/osm_pbf.pb.swift"
