#!/usr/bin/env bash
# docs/install.md's "What is installed" tables against an install: every
# file `cmake --install` puts into a temporary prefix is in a table, and
# every file a table names is installed, except the shared libraries in a
# build without them and nqsat-mpi's files in a build without nqsat-mpi,
# which must then be absent. And the "Using the libraries" table: its header
# column names exactly the installed headers, each under the library whose
# folder has it.
#
#   tests/install/install_docs.sh NQSAT BUILD_DIR SOURCE_DIR
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
. "$here/lib_install_docs.sh"
build=$(realpath "${2:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
doc=$source_dir/docs/install.md
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
version=$(cache_value CMAKE_PROJECT_VERSION)
libdir=$(cache_value CMAKE_INSTALL_LIBDIR)
shared=$(cache_value NQSAT_SHARED)
[ -n "$version" ] && [ -n "$libdir" ] ||
  { echo "FAIL: no project version or CMAKE_INSTALL_LIBDIR in $build/CMakeCache.txt" >&2; exit 1; }

prefix=/opt/nqsat
expect_exit 0 env DESTDIR="$WORK/stage" cmake --install "$build" --prefix "$prefix" || finish
(cd "$WORK/stage$prefix" && find . ! -type d | sed 's|^\./||' | sort) >"$WORK/installed"
documented_files "$doc" "$libdir" "$version" "${version%%.*}" >"$WORK/documented"
checks=$((checks + 1))
[ "$(wc -l <"$WORK/documented")" -ge 30 ] ||
  fail "docs/install.md: fewer than 30 files found in the tables under '## What is installed' (its format changed?)"

# Each documented file: installed, or rightly absent.
while read -r path package; do
  checks=$((checks + 1))
  if [[ $path == */ ]]; then
    grep -q "^$path" "$WORK/installed" ||
      fail "docs/install.md documents $path, but nothing is installed there"
    continue
  fi
  expected=yes
  [[ $package == nqsat-mpi && ! -x $build/nqsat-mpi ]] && expected=no
  [[ $path == */libnqsat_*.so* && $shared != ON ]] && expected=no
  if grep -qxF "$path" "$WORK/installed"; then
    [ $expected = yes ] || fail "$path is installed by a build without it (NQSAT_SHARED=$shared, nqsat-mpi built: $([ -x "$build/nqsat-mpi" ] && echo yes || echo no))"
  else
    [ $expected = no ] || fail "docs/install.md documents $path, which cmake --install does not install"
  fi
done <"$WORK/documented"

# Each installed file: documented, by name or by its folder.
while read -r path; do
  checks=$((checks + 1))
  documented=no
  while read -r entry _; do
    if [ "$entry" = "$path" ] || { [[ $entry == */ ]] && [[ $path == "$entry"* ]]; }; then
      documented=yes
      break
    fi
  done <"$WORK/documented"
  [ $documented = yes ] || fail "cmake --install installs $path, which docs/install.md's tables under 'What is installed' lack"
done <"$WORK/installed"

# The Debian-only files are the packages' alone.
checks=$((checks + 1))
debian_only=$(grep -E '^share/doc/[^/]+/(copyright|changelog\.gz)$|^share/lintian/' "$WORK/installed")
[ -z "$debian_only" ] || fail "cmake --install installs what only the Debian packages should have: $debian_only"

# "Using the libraries": each library's headers are in its folder, and the
# table names every installed header once.
awk '/^## / { on = ($0 == "## Using the libraries"); next }
  on && /^\| `libnqsat_/ {
    split($0, cells, / \| /)
    library = cells[1]; gsub(/[|` ]/, "", library); sub(/^libnqsat_/, "", library)
    headers = cells[2]
    while (match(headers, /`nqsat\/[^`]+`/)) {
      print library, substr(headers, RSTART + 1, RLENGTH - 2)
      headers = substr(headers, RSTART + RLENGTH)
    }
  }' "$doc" >"$WORK/library-headers"
while read -r library header; do
  checks=$((checks + 1))
  [ -f "$source_dir/$library/include/$header" ] ||
    fail "docs/install.md, 'Using the libraries': $header is not a header of libnqsat_$library ($library/include/$header does not exist)"
done <"$WORK/library-headers"
expect_equal "$(awk '{ print "include/" $2 }' "$WORK/library-headers" | sort | tr '\n' ' ')" \
  "$(grep '^include/' "$WORK/installed" | tr '\n' ' ')" \
  "the headers of docs/install.md's 'Using the libraries' table against the installed ones"
finish
