#!/usr/bin/env bash
# Sets up a Debian machine, builds nqsat with warnings as errors, and runs the
# whole test suite twice: in the release build, then in an AddressSanitizer +
# UndefinedBehaviorSanitizer build; then the CLI tests once under valgrind,
# and every libFuzzer target for a bounded time (NQSAT_FUZZ_SECONDS, default
# 60 s each) in a clang ASan + UBSan build. Exits non-zero if anything fails.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)

bash scripts/setup.sh --test-tools -- -DNQSAT_WERROR=ON
echo "== tests: release build" >&2
ctest --test-dir build --output-on-failure -j "$jobs"

echo "== tests: sanitizer build (ASan + UBSan)" >&2
cmake -S . -B build-sanitize -DCMAKE_BUILD_TYPE=RelWithDebInfo -DNQSAT_SANITIZE=ON \
  -DNQSAT_WERROR=ON >/dev/null
cmake --build build-sanitize -j "$jobs" >/dev/null
# -LE install: the install and Debian packages tests check files and packages,
# not memory; they ran in the release pass, and a sanitizer build has no
# shared libraries to install (NQSAT_SHARED is off there). -LE browser: the
# browser tests drive Chromium over pages and plots that teach.sh and
# run_harness.sh (which run here) have nqsat write under the sanitizers;
# under them Chromium's part only takes minutes longer. -LE slow: the slow
# tests run the code of the fast ones on larger boards (N = 10 to 17), which
# the release pass covers; under the sanitizers they only take longer. -LE
# cross: the aarch64 build is not sanitized.
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-sanitize --output-on-failure -j "$jobs" -LE 'install|browser|slow|cross'

echo "== CLI tests under valgrind (release build)" >&2
bash scripts/valgrind-cli.sh build

echo "== fuzzing: every target for ${NQSAT_FUZZ_SECONDS:-60} s (clang, ASan + UBSan)" >&2
bash scripts/fuzz.sh
