#!/usr/bin/env bash
# Runs the CLI tests (tests/cli/*.sh) once with every nqsat invocation under
# valgrind's memcheck. Fails when a test fails, or when valgrind reports any
# memory error or a definitely/indirectly lost block.
#
#   scripts/valgrind-cli.sh [BUILD_DIR]     (default: build)
#
# Each test script receives a wrapper as its binary; the wrapper execs
# valgrind with --error-exitcode=99 and a per-process log file, so a report
# fails the run even where a test does not check the exit code. Skipped,
# because they only repeat the same code paths for minutes under valgrind
# (add a script's name to `skip` and say why):
#   signal_pairs        two signals microseconds apart and an exit within
#                       1 s: timing, meaningless under valgrind
#   check_instance_counting  --time-limit and the progress line after 2 s:
#                       timing; its counts run in the sanitizer pass
#   solve_cache_bound   the process's peak memory against --max-memory:
#                       valgrind's own memory is in that peak
#   encode_families, round_trip, verify_certify, count_certificate,
#   count_certificate_lrat, proof_check, run_proof  many counts, proofs and checks of the same
#                       paths (minutes under valgrind; every one runs under
#                       ASan + UBSan in the sanitizer pass); judge_rule.sh
#                       and solve_count_unsat.sh run here
#   encode_rows_counts  the counts and refused options of encode_rows.sh
#                       (which runs here) over many N and encodings: ~120
#                       more runs of the same paths
#   teach_browser       drives Chromium; its nqsat runs are teach.sh's
#   run_cactus_browser  renders a cactus plot in Chromium; its nqsat runs
#                       are run_harness.sh's (which runs here)
#   interrupt_latency   times the stop after SIGINT/SIGTERM against a 1 s
#                       bound: meaningless under valgrind; faults.sh,
#                       suite_check.sh and run_harness.sh take the same
#                       interrupt paths there
#   stop_before_first_model  a stop by signal or --time-limit before the
#                       first model, bounded in seconds: timing, as
#                       interrupt_latency; the sanitizer pass runs it
#   solve_count_preprocess  ~200 counts of 36 small files with every engine,
#                       with and without the preprocessing: the sanitizer
#                       pass and test_count_preprocess cover its memory
#   count_signals       measures the stop latency and kills runs at random
#                       moments: timing, not memory (count_parts.sh runs here)
#   count_certificate_threads  interrupts a certified count 0.5 s in, which
#                       valgrind's start alone outlasts
#   count_mpi           drives nqsat-mpi under mpirun, not nqsat
#   solve_files_encodings  ~300 counts of N-Queens files through the paths
#                       solve_files.sh (which runs here) already covers
#   solve_engines       both engines on every encoding, N = 1..9 (about 30 s
#                       of CPU natively): the same paths as solve_files.sh
#   check_complete      every answer format for N = 1..10, each edited three
#                       ways: the reader's paths, which solve_check.sh covers
#   verify_paths        verify --plain against the fast path for N = 1..9 in
#                       every encoding: demo_and_verify.sh covers both paths
#   solve_count_convention  brute-force counts of ~100 random files: the
#                       counting paths of solve_dimacs.sh
#   solve_components    random 3-SAT counted by components and by
#                       enumeration (about 6 s of CPU natively); the
#                       counter's memory is checked under ASan by
#                       test_component_count and the model_count fuzz replay
#   solve_engine_hedge  enumerations watched until a component-counter trial
#                       counts (about 3 s of CPU natively, minutes under
#                       valgrind: the budgets are steps, so the path is the
#                       same and only slower); the sanitizer build runs it
#   solve_partial       ~90 listings of random files against an awk brute
#                       force: solve_files.sh (which runs here) lists one
#                       file with --partial and --format compact
#   count_isa           which instruction sets the processor has: valgrind
#                       emulates a processor without AVX-512, so the levels
#                       it offers differ from /proc/cpuinfo's; count_join.sh
#                       (which runs here) covers the counting
#   verify_memory       compares verify's memory estimate with its measured
#                       peak, which valgrind's own memory changes; the
#                       verify paths run in verify_paths.sh and demo_and_verify.sh
#   run_measure         the process-tree solvers of run_harness.sh (which
#                       runs here, by the same --measure auto) again under
#                       each method, judged against their own timing: the
#                       sampled memory hog's verdict depends on the
#                       harness's speed, which valgrind slows 30-fold
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
binary=$(realpath "$build/nqsat")
command -v valgrind >/dev/null || { echo "valgrind: not installed (scripts/setup.sh --test-tools)" >&2; exit 1; }
skip=(count_certificate_threads encode_rows_counts teach_browser run_cactus_browser interrupt_latency count_signals count_mpi solve_files_encodings
  solve_engines check_complete verify_paths solve_count_convention count_isa run_measure solve_partial
  solve_components solve_engine_hedge verify_memory signal_pairs check_instance_counting solve_cache_bound
  encode_families round_trip proof_check verify_certify count_certificate count_certificate_lrat run_proof
  stop_before_first_model solve_count_preprocess)

logs=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-valgrind.XXXXXX")
trap 'rm -rf "$logs"' EXIT
wrapper=$logs/nqsat
cat >"$wrapper" <<WRAPPER
#!/bin/sh
exec valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \\
  --show-leak-kinds=definite,indirect --vgdb=no --log-file="$logs/valgrind.%p.log" \\
  "$binary" "\$@"
WRAPPER
chmod +x "$wrapper"

failed=()
for script in tests/cli/*.sh; do
  name=$(basename "$script" .sh)
  [ "$name" = lib ] && continue
  if printf '%s\n' "${skip[@]}" | grep -qx "$name"; then
    echo "== valgrind: $name skipped" >&2
    continue
  fi
  echo "== valgrind: $name" >&2
  started=$SECONDS
  bash "$script" "$wrapper" >"$logs/$name.out" 2>&1 || failed+=("$name")
  echo "$(tail -n 1 "$logs/$name.out") ($((SECONDS - started)) s)" >&2
done
reports=$(find "$logs" -name 'valgrind.*.log' -size +0)
if [ -n "$reports" ]; then
  echo "valgrind: reports:" >&2
  head -n 60 $reports >&2
  failed+=(valgrind-reports)
fi
if [ ${#failed[@]} -gt 0 ]; then
  for name in "${failed[@]}"; do
    if [ -f "$logs/$name.out" ]; then
      echo "valgrind: $name:" >&2
      { grep -E '^FAIL' "$logs/$name.out" || tail -n 5 "$logs/$name.out"; } | head -20 >&2 || true
    fi
  done
  echo "valgrind: failed: ${failed[*]}" >&2
  exit 1
fi
echo "valgrind: every CLI test passed with no memory errors or leaks" >&2
