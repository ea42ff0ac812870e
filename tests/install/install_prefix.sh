#!/usr/bin/env bash
# `cmake --install BUILD --prefix /opt/nqsat` into a staging folder (DESTDIR),
# then what an installed nqsat promises (docs/install.md): the program runs;
# every program has its man page; the public headers, and nothing else, are
# installed and each compiles on its own; each library is there static and
# shared with a versioned SONAME, exporting only nq_* symbols, and the
# verifier's needs neither the solver nor PicoSAT; and
# examples/library_first_solution.c, as installed, builds against the staged
# copy with pkg-config (shared, and static from a copy without the .so
# files) and with a CMake project using find_package(nqsat) (shared and
# static targets), and each build prints valid, distinct solutions and the
# OEIS count.
#
#   tests/install/install_prefix.sh NQSAT BUILD_DIR SOURCE_DIR
# Exits 77 (skipped) when the build has no shared libraries (NQSAT_SHARED is
# off, as in sanitizer builds).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
build=$(realpath "${2:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
if ! grep -q '^NQSAT_SHARED:BOOL=ON$' "$build/CMakeCache.txt"; then
  echo "skipped: $build is configured without NQSAT_SHARED (no shared libraries to install)"
  exit 77
fi
for tool in cc pkg-config readelf nm man; do
  command -v $tool >/dev/null || { echo "FAIL: $tool is not installed (scripts/setup.sh --test-tools)" >&2; exit 1; }
done
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
[ -n "$version" ] || { echo "FAIL: no project version in $build/CMakeCache.txt" >&2; exit 1; }
# lib/<triplet> on Debian, lib elsewhere (docs/install.md, "What is installed").
libdir=$(sed -n 's/^CMAKE_INSTALL_LIBDIR:[A-Z]*=//p' "$build/CMakeCache.txt")
[ -n "$libdir" ] || { echo "FAIL: no CMAKE_INSTALL_LIBDIR in $build/CMakeCache.txt" >&2; exit 1; }

stage=$WORK/stage
prefix=$stage/opt/nqsat
expect_exit 0 env DESTDIR="$stage" cmake --install "$build" --prefix /opt/nqsat || finish
checks=$((checks + 1))
outside=$(find "$stage" ! -type d ! -path "$prefix/*")
[ -z "$outside" ] || fail "installed outside the prefix: $outside"

# The program, and a man page for each program and each command.
expect_exit 0 "$prefix/bin/nqsat" --version
expect_equal "$(cat "$WORK/out")" "nqsat $version" "installed nqsat --version"
for program in "$prefix"/bin/*; do
  checks=$((checks + 1))
  [ -f "$prefix/share/man/man1/$(basename "$program").1.gz" ] ||
    fail "bin/$(basename "$program") has no man page share/man/man1/$(basename "$program").1.gz"
done
for command in $("$prefix/bin/nqsat" --help | awk '/^commands:$/ { on = 1; next } on && /^  +[a-z]/ { print $1; next } on { exit }'); do
  checks=$((checks + 1))
  page=$(MANPATH=$prefix/share/man man -w "nqsat-$command" 2>/dev/null)
  [ "$page" = "$prefix/share/man/man1/nqsat-$command.1.gz" ] ||
    fail "man -w nqsat-$command with MANPATH=$prefix/share/man finds '$page'"
done

# Headers: exactly the public ones, identical, each compiling alone.
expected_headers=$(cd "$source_dir" && find . -path ./build -prune -o -path './build-*' -prune -o \
  -path '*/include/nqsat/*.h' -print | sed 's|.*/||' | sort)
installed_headers=$(cd "$prefix/include" && find . -type f | sed 's|^\./||' | sort)
expect_equal "$(echo $installed_headers)" "$(echo $expected_headers | sed 's|\([^ ]*\)|nqsat/\1|g')" \
  "installed headers (include/) against the public headers */include/nqsat/*.h"
for header in "$prefix"/include/nqsat/*.h; do
  checks=$((checks + 1))
  source_header=$(find "$source_dir" -path "*/include/nqsat/$(basename "$header")" ! -path '*/build*' | head -1)
  cmp -s "$header" "$source_header" || fail "include/nqsat/$(basename "$header") differs from $source_header"
  checks=$((checks + 1))
  printf '#include <nqsat/%s>\n' "$(basename "$header")" |
    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -fsyntax-only -I"$prefix/include" -x c - 2>"$WORK/err" ||
    fail "<nqsat/$(basename "$header")> does not compile on its own: $(head -3 "$WORK/err")"
done

# Libraries: static and shared, versioned SONAME, only nq_* exported.
libraries=$(cd "$prefix/$libdir" && ls libnqsat_*.a | sed 's/^lib//; s/\.a$//')
[ -n "$libraries" ] || fail "no static library in $libdir/"
major=${version%%.*}
for library in $libraries; do
  checks=$((checks + 4))
  shared=$prefix/$libdir/lib$library.so.$version
  [ -f "$shared" ] || { fail "$libdir/lib$library.so.$version is missing"; continue; }
  [ "$(readlink "$prefix/$libdir/lib$library.so.$major")" = "lib$library.so.$version" ] ||
    fail "$libdir/lib$library.so.$major does not point to lib$library.so.$version"
  [ "$(readlink "$prefix/$libdir/lib$library.so")" = "lib$library.so.$major" ] ||
    fail "$libdir/lib$library.so does not point to lib$library.so.$major"
  soname=$(readelf -d "$shared" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "lib$library.so.$major" ] || fail "SONAME of lib$library.so.$version is '$soname'"
  others=$(nm -D --defined-only "$shared" | awk '$2 ~ /^[TDBRVW]$/ && $3 !~ /^nq_/ { print $3 }')
  [ -z "$others" ] || fail "lib$library.so exports symbols without the nq_ prefix: $(echo $others | head -c 300)"
done
checks=$((checks + 1))
needed=$(readelf -d "$prefix/$libdir/libnqsat_verify.so.$version" | grep NEEDED)
if grep -Eq 'picosat|nqsat_solver|nqsat_encoder' <<<"$needed"; then
  fail "libnqsat_verify.so needs the solver, the encoder or PicoSAT: $needed"
fi

# The installed example, its output checked: N = 8, 5 solutions asked for.
example=$prefix/share/doc/nqsat/examples/library_first_solution.c
[ -f "$example" ] || fail "examples are not installed under share/doc/nqsat/examples"
for file in README.md LICENSE; do
  checks=$((checks + 1))
  cmp -s "$prefix/share/doc/nqsat/$file" "$source_dir/$file" || fail "share/doc/nqsat/$file is not $file"
done
for page in "$source_dir"/docs/*.md; do
  [ -e "$page" ] || continue
  checks=$((checks + 1))
  [ -f "$prefix/share/doc/nqsat/docs/$(basename "$page")" ] || fail "docs/$(basename "$page") is not installed"
done
checks=$((checks + 1))
cmp -s "$prefix/share/bash-completion/completions/nqsat" "$source_dir/packaging/nqsat.bash" ||
  fail "share/bash-completion/completions/nqsat is not packaging/nqsat.bash"

# check_example_output FILE HOW: 5 distinct valid 8-queens solutions, each
# marked valid, then the count line; A000170(8) = 92 typed in from OEIS.
check_example_output() {
  local output=$1 how=$2
  checks=$((checks + 1))
  local problems
  problems=$(awk 'NR <= 5 {
      if (NF != 9 || $9 != "valid") { print "line " NR ": " $0; next }
      for (i = 1; i <= 8; i++) {
        if ($i < 1 || $i > 8) print "line " NR ": column out of range"
        for (j = 1; j < i; j++)
          if ($i == $j || $i - $j == i - j || $j - $i == i - j) print "line " NR ": queens " j " and " i " attack"
      }
      key = $1 $2 $3 $4 $5 $6 $7 $8
      if (key in seen) print "line " NR ": repeated"
      seen[key] = 1
    }
    NR == 6 && $0 != "5 solutions shown; OEIS A000170 says N = 8 has 92 in all" { print "line 6: " $0 }
    END { if (NR != 6) print NR " lines, expected 6" }' "$output")
  [ -z "$problems" ] || fail "$how: $(echo $problems | head -c 300)"
}

export PKG_CONFIG_PATH=$prefix/$libdir/pkgconfig PKG_CONFIG_SYSROOT_DIR=$stage PKG_CONFIG_LIBDIR=
expect_exit 0 pkg-config --modversion nqsat
expect_equal "$(cat "$WORK/out")" "$version" "pkg-config --modversion nqsat"
# Shared, with pkg-config.
expect_exit 0 sh -c "cc -std=c11 -o '$WORK/first_pc' '$example' \$(pkg-config --cflags --libs nqsat)"
if [ "$status" -eq 0 ]; then
  checks=$((checks + 1))
  readelf -d "$WORK/first_pc" | grep -q "NEEDED.*\[libnqsat_solver.so.$major\]" ||
    fail "the pkg-config build does not load libnqsat_solver.so.$major"
  expect_exit 0 env LD_LIBRARY_PATH="$prefix/$libdir" "$WORK/first_pc" 8 5 &&
    check_example_output "$WORK/out" "pkg-config, shared"
fi
# Static, with pkg-config --static, from a copy that has no .so files: the
# link only succeeds if Libs.private names what the static libraries need.
cp -a "$stage" "$WORK/static-stage"
rm -f "$WORK/static-stage/opt/nqsat/$libdir"/*.so*
expect_exit 0 env PKG_CONFIG_SYSROOT_DIR="$WORK/static-stage" PKG_CONFIG_PATH="$WORK/static-stage/opt/nqsat/$libdir/pkgconfig" \
  sh -c "cc -std=c11 -o '$WORK/first_pc_static' '$example' \$(pkg-config --static --cflags --libs nqsat)"
if [ "$status" -eq 0 ]; then
  checks=$((checks + 1))
  ! readelf -d "$WORK/first_pc_static" | grep -q 'NEEDED.*libnqsat' ||
    fail "the static pkg-config build still loads an nqsat shared library"
  expect_exit 0 "$WORK/first_pc_static" 8 5 && check_example_output "$WORK/out" "pkg-config --static"
fi

# CMake, with find_package(nqsat): shared and static targets.
consumer=$WORK/consumer
expect_exit 0 cmake -S "$here/consumer" -B "$consumer" -DCMAKE_PREFIX_PATH="$prefix" \
  -DEXAMPLE="$example" -DCMAKE_BUILD_TYPE=Release
expect_exit 0 cmake --build "$consumer"
if [ "$status" -eq 0 ]; then
  # Outside the loader's folders, the libraries' own dependencies (libnqsat_
  # encoder.so.0 for libnqsat_solver.so.0, libnqsat_count.so.0 for
  # libnqsat_verify.so.0) are found through LD_LIBRARY_PATH.
  expect_exit 0 env LD_LIBRARY_PATH="$prefix/$libdir" "$consumer/first_shared" 8 5 && check_example_output "$WORK/out" "find_package, nqsat::solver"
  expect_exit 0 "$consumer/first_static" 8 5 && check_example_output "$WORK/out" "find_package, nqsat::solver_static"
  checks=$((checks + 2))
  readelf -d "$consumer/first_shared" | grep -q "NEEDED.*\[libnqsat_solver.so.$major\]" ||
    fail "first_shared (nqsat::solver) does not load libnqsat_solver.so.$major"
  ! readelf -d "$consumer/first_static" | grep -q 'NEEDED.*libnqsat' ||
    fail "first_static (nqsat::solver_static) loads an nqsat shared library"
  expect_exit 0 env LD_LIBRARY_PATH="$prefix/$libdir" "$consumer/verify_only" 8
  expect_equal "$(cat "$WORK/out")" "92 valid" "verify_only 8 (A000170(8) = 92, 2 4 1 3 valid)"
  checks=$((checks + 1))
  needed=$(readelf -d "$consumer/verify_only" | grep NEEDED)
  grep -Eq 'picosat|nqsat_solver|nqsat_encoder' <<<"$needed" &&
    fail "a program linking nqsat::verify alone loads the solver, the encoder or PicoSAT: $needed"
fi
finish
