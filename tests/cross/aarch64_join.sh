#!/usr/bin/env bash
# The join counting method on aarch64: builds the counter's files
# and the join's unit tests (tests/test_join_parts.c, tests/test_count_join.c
# for N = 1..12) with Debian's cross compiler, -Werror, and runs them under
# qemu's user-mode emulator. There only the portable level exists, so this
# checks that it builds without x86 intrinsics and counts right on another
# processor (its word order, its popcount, its memory model).
# usage: aarch64_join.sh SOURCE_DIR
# Exit 77 (ctest's skip) when the cross tools are missing:
# scripts/setup.sh --test-tools installs gcc-aarch64-linux-gnu and qemu-user.
set -euo pipefail
source_dir=${1:?usage: $0 SOURCE_DIR}
cc=${CROSS_CC:-aarch64-linux-gnu-gcc}
sysroot=${CROSS_SYSROOT:-/usr/aarch64-linux-gnu}
for tool in "$cc" qemu-aarch64; do
  if ! command -v "$tool" >/dev/null; then
    echo "skipped: $tool not found (scripts/setup.sh --test-tools installs gcc-aarch64-linux-gnu and qemu-user)"
    exit 77
  fi
done
[ -d "$sysroot" ] || { echo "skipped: no aarch64 libraries in $sysroot"; exit 77; }
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-aarch64.XXXXXX")
trap 'rm -rf "$work"' EXIT

# What the join's tests reach: the counter's library in count/ (the
# counting methods, the join's kernels, the plan driver, the published
# counts), the verifier's backtracking the tests compare with, and the
# status strings; not the readers, which need zlib for aarch64.
c=$source_dir/count
v=$source_dir/verify
sources=("$c"/oeis_counts.c "$c"/count_classes.c "$c"/class_classify.c "$c"/count_kernel_*.c
  "$c"/count_plan.c "$c"/count_choice.c "$c"/count_backtrack_jobs.c "$c"/count_join.c
  "$c"/join_*.c "$v"/symmetry.c "$v"/known_counts.c "$v"/backtrack.c "$v"/placement.c
  "$source_dir"/common/status.c)
flags=(-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -D_POSIX_C_SOURCE=200809L
  -I"$c"/include -I"$v"/include -I"$source_dir"/common/include -I"$source_dir"/common/internal)
status=0
for test in test_join_parts test_count_join; do
  "$cc" "${flags[@]}" -o "$work/$test" "$source_dir/tests/$test.c" "${sources[@]}" -lpthread -lm
done
echo "== test_join_parts (aarch64, qemu)"
qemu-aarch64 -L "$sysroot" "$work/test_join_parts" || status=1
echo "== test_count_join 1 12 (aarch64, qemu)"
qemu-aarch64 -L "$sysroot" "$work/test_count_join" 1 12 || status=1
exit $status
