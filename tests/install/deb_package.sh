#!/usr/bin/env bash
# The Debian packages, built and installed for real: `cpack -G DEB` from the
# build makes nqsat, libnqsat-dev and (when nqsat-mpi is built) nqsat-mpi.
# Each holds exactly its files of docs/install.md's "What is installed"
# tables (plus its copyright, changelog and lintian overrides): no header
# in nqsat, no program in libnqsat-dev. Their Depends: for nqsat and
# nqsat-mpi, the Debian packages of exactly the libraries their programs
# and shared libraries load (found with ldconfig and dpkg -S, apart from
# dpkg-shlibdeps), so libopenmpi for nqsat-mpi and never for nqsat, and
# libnauty for nqsat only when nauty was linked; for libnqsat-dev, nqsat of
# the same version. Each package's copyright says what LICENSE says, its
# changelog starts with the version, and lintian reports no error and no
# warning on any of them. Then `apt-get install` of the three, each program
# --version from /usr/bin, the man pages, the completions, pkg-config, the
# loader cache and the example built against the packages; then
# `apt-get remove` and `dpkg --purge`, after which none of their files is
# left.
#
#   tests/install/deb_package.sh NQSAT BUILD_DIR SOURCE_DIR
# Changes the system, so ctest runs it alone (RESOURCE_LOCK) and it removes
# the packages on any exit. Exits 77 (skipped) when not root, without
# dpkg/apt/cpack/lintian, without shared libraries in the build, when one
# of the packages is installed already, or when a file of theirs exists on
# the system (it would be overwritten, then removed).
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../cli/lib.sh"
. "$here/lib_install_docs.sh"
build=$(realpath "${2:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
skip() {
  echo "skipped: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
for tool in dpkg dpkg-deb dpkg-query apt-get cpack lintian readelf ldconfig; do
  command -v $tool >/dev/null || skip "$tool is not installed (scripts/setup.sh --test-tools)"
done
grep -q '^NQSAT_SHARED:BOOL=ON$' "$build/CMakeCache.txt" ||
  skip "$build is configured without NQSAT_SHARED"
packages="nqsat libnqsat-dev"
[ -x "$build/nqsat-mpi" ] && packages+=" nqsat-mpi"
installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
for package in $packages; do
  installed $package && skip "a package $package is installed here already; not touching it"
done
cache_value() { sed -n "s/^$1:[A-Z]*=//p" "$build/CMakeCache.txt"; }
version=$(cache_value CMAKE_PROJECT_VERSION)
libdir=$(cache_value CMAKE_INSTALL_LIBDIR)
maintainer=$(cache_value NQSAT_MAINTAINER)
architecture=$(dpkg --print-architecture)

# Build the packages.
(cd "$build" && cpack -G DEB -B "$WORK/package") >"$WORK/cpack.log" 2>&1 ||
  { fail "cpack -G DEB failed: $(tail -5 "$WORK/cpack.log")"; finish; exit 1; }
expect_equal "$(cd "$WORK/package" && ls *.deb | sort | tr '\n' ' ')" \
  "$(for package in $packages; do echo "${package}_${version}_$architecture.deb"; done | sort | tr '\n' ' ')" \
  "the package files cpack made"
deb() { echo "$WORK/package/${1}_${version}_$architecture.deb"; }
for package in $packages; do
  [ -f "$(deb $package)" ] || { finish; exit 1; }
done

# depends_names PACKAGE: the package names in its Depends, one a line.
depends_names() {
  dpkg-deb -f "$(deb $1)" Depends | tr ',|' '\n\n' | sed 's/([^)]*)//; s/:any//; s/ //g' | sed '/^$/d' | sort -u
}
# owner_of SONAME: the Debian package of the library the loader finds.
owner_of() {
  local path candidate
  path=$(ldconfig -p | awk -v name="$1" '$1 == name { print $NF; exit }')
  [ -n "$path" ] || { echo "(not in the loader cache: $1)"; return; }
  for candidate in "$path" "${path#/usr}" "/usr$path" "$(dirname "$path")/$(basename "$(realpath "$path")")"; do
    dpkg -S "$candidate" 2>/dev/null | sed -n '1s/[:,].*//p' | grep . && return
  done
  echo "(no package owns $path)"
}
# loaded_packages ELF...: the packages of what they load, nqsat's own libraries aside.
loaded_packages() {
  readelf -d "$@" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | grep -v '^libnqsat_' | sort -u |
    while read -r soname; do owner_of "$soname"; done | sort -u
}

# Depends.
shared_libraries=$(ls "$build"/lib/libnqsat_*.so."$version")
expect_equal "$(depends_names nqsat | tr '\n' ' ')" "$(loaded_packages "$build/nqsat" $shared_libraries | tr '\n' ' ')" \
  "nqsat's Depends against the packages of the libraries nqsat and libnqsat_*.so load"
for dependency in libc6 picosat zlib1g; do
  checks=$((checks + 1))
  depends_names nqsat | grep -qx $dependency || fail "nqsat does not depend on $dependency"
done
checks=$((checks + 1))
depends_names nqsat | grep -q '^libopenmpi' && fail "nqsat depends on Open MPI: $(dpkg-deb -f "$(deb nqsat)" Depends)"
checks=$((checks + 1))
if readelf -d "$build/nqsat" | grep -q 'NEEDED.*\[libnauty'; then
  depends_names nqsat | grep -q '^libnauty' || fail "nqsat links libnauty but does not depend on it"
else
  depends_names nqsat | grep -q '^libnauty' && fail "nqsat depends on libnauty without linking it"
fi
expect_equal "$(dpkg-deb -f "$(deb libnqsat-dev)" Depends)" "nqsat (= $version)" "libnqsat-dev's Depends"
if [[ $packages == *nqsat-mpi* ]]; then
  expect_equal "$(depends_names nqsat-mpi | tr '\n' ' ')" "$(loaded_packages "$build/nqsat-mpi" | tr '\n' ' ')" \
    "nqsat-mpi's Depends against the packages of the libraries nqsat-mpi loads"
  checks=$((checks + 1))
  depends_names nqsat-mpi | grep -q '^libopenmpi' || fail "nqsat-mpi does not depend on libopenmpi"
fi

# Files: each package has exactly its rows of docs/install.md, under /usr.
documented_files "$source_dir/docs/install.md" "$libdir" "$version" "${version%%.*}" >"$WORK/documented"
for package in $packages; do
  dpkg-deb -c "$(deb $package)" | awk '$1 !~ /^d/ { print $6 }' | sed 's|^\./usr/||' | sort >"$WORK/files-$package"
  while read -r path owner; do
    [ "$owner" = "$package" ] || continue
    checks=$((checks + 1))
    if [[ $path == */ ]]; then
      grep -q "^$path" "$WORK/files-$package" || fail "$package has nothing in /usr/$path (docs/install.md)"
    else
      grep -qxF "$path" "$WORK/files-$package" || fail "$package lacks /usr/$path (docs/install.md)"
    fi
  done <"$WORK/documented"
  while read -r path; do
    checks=$((checks + 1))
    case $path in
    share/doc/$package/copyright | share/doc/$package/changelog.gz | share/lintian/overrides/$package) continue ;;
    esac
    awk -v path="$path" -v package="$package" '
      $2 == package && ($1 == path || ($1 ~ /\/$/ && index(path, $1) == 1)) { found = 1 }
      END { exit !found }' "$WORK/documented" ||
      fail "$package has /usr/$path, which docs/install.md does not give to $package"
  done <"$WORK/files-$package"
  expect_equal "$(dpkg-deb -f "$(deb $package)" Version)" "$version" "$package's Version"
  expect_equal "$(dpkg-deb -f "$(deb $package)" Maintainer)" "$maintainer" "$package's Maintainer (NQSAT_MAINTAINER)"
done
# What the split is for, said directly.
checks=$((checks + 3))
grep -q '^include/' "$WORK/files-nqsat" && fail "nqsat has headers: $(grep -m1 '^include/' "$WORK/files-nqsat")"
grep -Eq '^bin/|\.so\.' "$WORK/files-libnqsat-dev" &&
  fail "libnqsat-dev has a program or a shared library: $(grep -Em1 '^bin/|\.so\.' "$WORK/files-libnqsat-dev")"
grep -q '^bin/nqsat-mpi$' "$WORK/files-nqsat" && fail "nqsat has nqsat-mpi"

# copyright = LICENSE (the same holder and licence text); the changelog's version.
holder=$(sed -n 's/^Copyright (c) //p' "$source_dir/LICENSE")
sed '1{/^MIT License$/d}; /^Copyright (c) /d' "$source_dir/LICENSE" | sed '/./,$!d' >"$WORK/license-body"
for package in $packages; do
  dpkg-deb --fsys-tarfile "$(deb $package)" | tar -xO ./usr/share/doc/$package/copyright >"$WORK/copyright"
  expect_equal "$(sed -n 's/^Copyright: //p' "$WORK/copyright")" "$holder" "copyright holder in $package's copyright"
  awk '/^License: / { body = ($0 ~ /^License: Expat$/) && seen++; next } body && /^ / { sub(/^ /, ""); print (($0 == ".") ? "" : $0) }' \
    "$WORK/copyright" >"$WORK/copyright-license"
  checks=$((checks + 1))
  diff -q "$WORK/license-body" "$WORK/copyright-license" >/dev/null ||
    fail "$package's copyright licence text differs from LICENSE: $(diff "$WORK/license-body" "$WORK/copyright-license" | head -5)"
  expect_equal "$(dpkg-deb --fsys-tarfile "$(deb $package)" | tar -xO ./usr/share/doc/$package/changelog.gz | gzip -dc |
    sed -n '1s/^[^ ]* (\([^)]*\)).*/\1/p')" "$version" "version of the first entry of $package's changelog"
done

# lintian at its default level: no error, no warning (overrides only with
# their reason, packaging/lintian-overrides).
checks=$((checks + 1))
lintian --fail-on none $(for package in $packages; do deb $package; done) >"$WORK/lintian" 2>"$WORK/lintian.err" ||
  fail "lintian failed: $(grep -v 'root privileges' "$WORK/lintian.err" | head -3)"
while read -r line; do
  checks=$((checks + 1))
  fail "lintian: $line (fix it, or override it with its reason in packaging/lintian-overrides)"
done < <(grep -E '^[EW]: ' "$WORK/lintian")

# Install, as a user would.
for package in $packages; do
  while read -r path; do
    if [ -e "/usr/$path" ] || [ -L "/usr/$path" ]; then
      skip "/usr/$path exists on this system already; installing $package would replace it"
    fi
  done <"$WORK/files-$package"
done
cleanup() {
  for package in $packages; do
    installed $package && dpkg --purge $package >/dev/null 2>&1
  done
  rm -rf "$WORK"
}
trap cleanup EXIT
# (apt 2.6's --no-download refuses local files, so it is not used: the
# dependencies are installed already, as scripts/setup.sh installs them;
# --no-install-recommends, so that nothing is fetched either.)
if ! expect_exit 0 env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
  $(for package in $packages; do deb $package; done); then
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
  "the example built against the packages (A000170(6) = 4)"
programs=nqsat
if [[ $packages == *nqsat-mpi* ]]; then
  programs+=" nqsat-mpi"
  expect_exit 0 /usr/bin/nqsat-mpi --version
  expect_equal "$(cat "$WORK/out")" "nqsat-mpi $version" "/usr/bin/nqsat-mpi --version"
  expect_equal "$(man -w nqsat-mpi 2>/dev/null)" /usr/share/man/man1/nqsat-mpi.1.gz "man -w nqsat-mpi"
fi
if [ -f /usr/share/bash-completion/bash_completion ]; then
  for program in $programs; do
    function=_$(tr - _ <<<"$program")
    expect_equal "$(bash -c ". /usr/share/bash-completion/bash_completion; __load_completion $program; complete -p $program" 2>&1)" \
      "complete -F $function $program" "bash-completion loading the installed completion of $program"
  done
fi

# Remove, then purge: nothing of the packages is left.
expect_exit 0 env DEBIAN_FRONTEND=noninteractive apt-get remove -y $packages
for package in $packages; do
  expect_exit 0 dpkg --purge $package
  checks=$((checks + 1))
  installed $package && fail "$package is still installed after removal"
  while read -r path; do
    checks=$((checks + 1))
    if [ -L "/usr/$path" ] || { [ -e "/usr/$path" ] && [ ! -d "/usr/$path" ]; }; then
      fail "/usr/$path of $package is left after removal"
    fi
  done <"$WORK/files-$package"
done
for folder in /usr/include/nqsat /usr/$libdir/cmake/nqsat /usr/share/doc/nqsat /usr/share/doc/libnqsat-dev \
  /usr/share/doc/nqsat-mpi; do
  checks=$((checks + 1))
  [ ! -e "$folder" ] || fail "$folder is left after removal"
done
checks=$((checks + 1))
ldconfig -p | grep -q 'libnqsat_' && fail "the loader cache still lists an nqsat library after removal"
finish
