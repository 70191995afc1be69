#!/usr/bin/env bash
# Regenerates test/fixtures/occupancy-cuda.csv from NVIDIA's cuda_occupancy.h.
# Needs g++ and the CUDA toolkit headers (CUDA_HOME, default /usr/local/cuda); the tests
# themselves need neither: the fixture is committed.
set -euo pipefail
cd "$(dirname "$0")/../.."
cuda="${CUDA_HOME:-/usr/local/cuda}"
tmp=$(mktemp -d)
npm run --silent build
node tools/occupancy-fixture/export-props.mjs > "$tmp/props.csv"
g++ -O2 -std=c++17 -I"$cuda/include" tools/occupancy-fixture/occupancy_fixture.cpp -o "$tmp/occupancy_fixture"
mkdir -p test/fixtures
"$tmp/occupancy_fixture" "$tmp/props.csv" > test/fixtures/occupancy-cuda.csv
echo "wrote test/fixtures/occupancy-cuda.csv ($(($(wc -l < test/fixtures/occupancy-cuda.csv) - 1)) configurations) from $cuda/include/cuda_occupancy.h"
