#!/usr/bin/env bash
# The Debian package, built and installed for real: `cpack -G DEB` from the
# build; its fields (version, architecture, the dependencies dpkg-shlibdeps
# found: libc6, picosat, zlib1g); a copyright file that says what LICENSE
# says; lintian reporting nothing beyond the tags docs/install.md accepts;
# then `apt-get install ./nqsat_*.deb`, nqsat --version from /usr/bin, the
# man pages, the completion, pkg-config and the loader cache; then
# `apt-get remove` and `dpkg --purge`, after which none of its files is left.
#
#   tests/install/deb_package.sh NQSAT BUILD_DIR SOURCE_DIR
# Changes the system, so ctest runs it alone (RESOURCE_LOCK) and it removes
# the package on any exit. Exits 77 (skipped) when not root, without
# dpkg/apt/cpack, without shared libraries in the build, when a package
# named nqsat is installed already, or when a file of the package exists on
# the system (it would be overwritten, then removed).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
build=$(realpath "${2:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
skip() {
  echo "skipped: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
for tool in dpkg dpkg-deb dpkg-query apt-get cpack; do
  command -v $tool >/dev/null || skip "$tool is not installed"
done
grep -q '^NQSAT_SHARED:BOOL=ON$' "$build/CMakeCache.txt" ||
  skip "$build is configured without NQSAT_SHARED"
if dpkg-query -W -f='${Status}' nqsat 2>/dev/null | grep -q installed; then
  skip "a package nqsat is installed here already; not touching it"
fi
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")

# Build the package.
(cd "$build" && cpack -G DEB -B "$WORK/package") >"$WORK/cpack.log" 2>&1 ||
  { fail "cpack -G DEB failed: $(tail -5 "$WORK/cpack.log")"; finish; exit 1; }
deb=$(ls "$WORK"/package/nqsat_*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || { fail "cpack made no nqsat_*.deb: $(tail -3 "$WORK/cpack.log")"; finish; exit 1; }
expect_equal "$(basename "$deb")" "nqsat_${version}_$(dpkg --print-architecture).deb" "package file name"
expect_equal "$(dpkg-deb -f "$deb" Version)" "$version" "Version"
depends=$(dpkg-deb -f "$deb" Depends)
for dependency in libc6 picosat zlib1g; do
  checks=$((checks + 1))
  grep -Eq "(^|, )$dependency( |,|$)" <<<"$depends" || fail "Depends lacks $dependency: '$depends'"
done
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep -v '^$' >"$WORK/paths"
for path in /usr/bin/nqsat /usr/share/man/man1/nqsat.1.gz /usr/share/doc/nqsat/copyright \
  /usr/share/doc/nqsat/changelog.gz /usr/lib/pkgconfig/nqsat.pc /usr/share/bash-completion/completions/nqsat \
  /usr/include/nqsat/solver.h /usr/lib/cmake/nqsat/nqsatConfig.cmake; do
  checks=$((checks + 1))
  grep -qx "$path" "$WORK/paths" || fail "the package lacks $path"
done

# copyright = LICENSE: the same holder and the same licence text.
dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/nqsat/copyright >"$WORK/copyright"
holder=$(sed -n 's/^Copyright (c) //p' "$source_dir/LICENSE")
expect_equal "$(sed -n 's/^Copyright: //p' "$WORK/copyright")" "$holder" "copyright holder in debian/copyright"
awk '/^License: / { body = ($0 ~ /^License: Expat$/) && seen++; next } body && /^ / { sub(/^ /, ""); print (($0 == ".") ? "" : $0) }' \
  "$WORK/copyright" >"$WORK/copyright-license"
sed '1{/^MIT License$/d}; /^Copyright (c) /d' "$source_dir/LICENSE" | sed '/./,$!d' >"$WORK/license-body"
checks=$((checks + 1))
diff -q "$WORK/license-body" "$WORK/copyright-license" >/dev/null ||
  fail "the package's copyright licence text differs from LICENSE: $(diff "$WORK/license-body" "$WORK/copyright-license" | head -5)"
expect_equal "$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/share/doc/nqsat/changelog.gz | gzip -dc | sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p')" \
  "$version" "version of the first changelog entry"

# lintian: nothing beyond the tags docs/install.md lists, with its reasons.
accepted="bogus-mail-host bogus-mail-host-in-debian-changelog pkg-config-unavailable-for-cross-compilation"
if command -v lintian >/dev/null; then
  checks=$((checks + 1))
  lintian --fail-on none "$deb" >"$WORK/lintian" 2>"$WORK/lintian.err" ||
    fail "lintian failed: $(grep -v 'root privileges' "$WORK/lintian.err" | head -3)"
  for tag in $(sed -n 's/^[EW]: nqsat[^:]*: \([^ ]*\).*/\1/p' "$WORK/lintian" | sort -u); do
    checks=$((checks + 1))
    grep -qw -- "$tag" <<<"$accepted" ||
      fail "lintian: $(grep -m1 ": $tag" "$WORK/lintian") (fix it, or list it with its reason in docs/install.md and here)"
  done
else
  echo "note: lintian is not installed; the package was not linted" >&2
fi

# Install, as a user would.
while read -r path; do
  if [ -e "$path" ] && [ ! -d "$path" ]; then
    skip "$path exists on this system already; installing the package would replace it"
  fi
done <"$WORK/paths"
cleanup() {
  if dpkg-query -W -f='${Status}' nqsat 2>/dev/null | grep -q installed; then
    dpkg --purge nqsat >/dev/null 2>&1
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT
# (apt 2.6's --no-download refuses local files, so it is not used: the
# dependencies are installed already, as scripts/setup.sh installs them.)
if ! expect_exit 0 env DEBIAN_FRONTEND=noninteractive apt-get install -y "$deb"; then
  finish
  exit 1
fi
expect_exit 0 /usr/bin/nqsat --version
expect_equal "$(cat "$WORK/out")" "nqsat $version" "/usr/bin/nqsat --version"
expect_equal "$(man -w nqsat-solve 2>/dev/null)" /usr/share/man/man1/nqsat-solve.1.gz "man -w nqsat-solve"
expect_equal "$(env -u PKG_CONFIG_PATH pkg-config --modversion nqsat 2>&1)" "$version" "pkg-config --modversion nqsat"
checks=$((checks + 1))
ldconfig -p | grep -q 'libnqsat_solver\.so\.0 ' || fail "the loader cache lacks libnqsat_solver.so.0 (ldconfig trigger)"
expect_exit 0 sh -c "cc -std=c11 -o '$WORK/first' /usr/share/doc/nqsat/examples/library_first_solution.c \$(pkg-config --cflags --libs nqsat)"
expect_exit 0 "$WORK/first" 6 4
expect_equal "$(tail -1 "$WORK/out")" "4 solutions shown; OEIS A000170 says N = 6 has 4 in all" \
  "the example built against the package (A000170(6) = 4)"
if [ -f /usr/share/bash-completion/bash_completion ]; then
  expect_equal "$(bash -c '. /usr/share/bash-completion/bash_completion; __load_completion nqsat; complete -p nqsat' 2>&1)" \
    "complete -F _nqsat nqsat" "bash-completion loading the installed completion"
fi

# Remove, then purge: nothing of the package is left.
expect_exit 0 env DEBIAN_FRONTEND=noninteractive apt-get remove -y nqsat
expect_exit 0 dpkg --purge nqsat
checks=$((checks + 1))
dpkg-query -W -f='${Status}' nqsat 2>/dev/null | grep -q installed && fail "nqsat is still installed after removal"
while read -r path; do
  checks=$((checks + 1))
  if [ -L "$path" ] || { [ -e "$path" ] && [ ! -d "$path" ]; }; then
    fail "$path is left after removal"
  fi
done <"$WORK/paths"
for folder in /usr/include/nqsat /usr/lib/cmake/nqsat /usr/share/doc/nqsat; do
  checks=$((checks + 1))
  [ ! -e "$folder" ] || fail "$folder is left after removal"
done
checks=$((checks + 1))
ldconfig -p | grep -q 'libnqsat_' && fail "the loader cache still lists an nqsat library after removal"
finish
