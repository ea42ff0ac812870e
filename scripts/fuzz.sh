#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) and runs each one for a
# bounded time. Exits non-zero when any target finds a crash, a leak, a
# timeout or undefined behaviour.
#
#   scripts/fuzz.sh [-t SECONDS] [TARGET...]
#
# SECONDS per target defaults to $NQSAT_FUZZ_SECONDS or 60; TARGETs default
# to every fuzz_* binary the build produces (see tests/fuzz/README.md).
# The working corpus grows in build-fuzz/fuzz-corpus/TARGET across runs,
# seeded from tests/fuzz/corpus/TARGET; crashers land in
# build-fuzz/fuzz-artifacts/TARGET/ - copy each into
# tests/fuzz/regressions/TARGET/ once fixed, so ctest replays it forever.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${NQSAT_FUZZ_SECONDS:-60}
if [ "${1:-}" = "-t" ]; then
  seconds=${2:?-t needs SECONDS}
  shift 2
fi
build=build-fuzz

CC=${NQSAT_FUZZ_CC:-clang} cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DNQSAT_FUZZ=ON -DNQSAT_WERROR=ON >/dev/null
cmake --build "$build" --target nqsat_fuzz_targets -j "$(nproc)" >/dev/null

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for binary in "$build"/fuzz/fuzz_*; do
    [ -x "$binary" ] && targets+=("${binary##*/fuzz_}")
  done
fi
[ ${#targets[@]} -gt 0 ] || { echo "fuzz: no fuzz targets were built" >&2; exit 1; }

failed=()
for target in "${targets[@]}"; do
  binary=$build/fuzz/fuzz_$target
  seeds=tests/fuzz/corpus/$target
  corpus=$build/fuzz-corpus/$target
  artifacts=$build/fuzz-artifacts/$target
  log=$build/fuzz-$target.log
  [ -x "$binary" ] || { echo "fuzz: no such target '$target' ($binary)" >&2; exit 2; }
  mkdir -p "$corpus" "$artifacts"
  options=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096
           -print_final_stats=1 -artifact_prefix="$artifacts/")
  [ -f "tests/fuzz/$target.dict" ] && options+=(-dict="tests/fuzz/$target.dict")
  echo "== fuzz: $target for ${seconds}s" >&2
  if ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    "$binary" "${options[@]}" "$corpus" "$seeds" >"$log" 2>&1; then
    grep -E '^stat::(number_of_executed_units|new_units_added)' "$log" | tr '\n' ' ' >&2
    echo >&2
  else
    failed+=("$target")
    echo "fuzz: $target FAILED; last lines of $log:" >&2
    tail -n 40 "$log" >&2
    echo "fuzz: reproducers: $(ls "$artifacts" | head -5 | tr '\n' ' ')" >&2
    echo "fuzz: replay with $binary ARTIFACT; once fixed, copy it to tests/fuzz/regressions/$target/" >&2
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
echo "fuzz: ${#targets[@]} target(s) ran ${seconds}s each without a failure" >&2
