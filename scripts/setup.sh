#!/usr/bin/env bash
# Sets up a Debian machine for nqsat and builds it.
#
#   scripts/setup.sh [--test-tools] [-- extra cmake arguments]
#
# Installs whatever Debian packages are missing (as root, or through sudo),
# then configures and builds into ./build. --test-tools also installs the
# external SAT solvers the test suite compares against.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake picosat zlib1g-dev libgmp-dev gzip gawk)
packages+=(libnauty2-dev) # symmetries of DIMACS files (solver/cnf_symmetry.c); optional in CMake, used when present
packages+=(libcadical-dev) # the counter's satisfiability checks (solver/sat_oracle.c); optional in CMake, PicoSAT without it
test_tools=
if [ "${1:-}" = "--test-tools" ]; then
  test_tools=1
  packages+=(minisat cadical cryptominisat)
  packages+=(clang libclang-rt-dev valgrind) # scripts/fuzz.sh, scripts/valgrind-cli.sh
  packages+=(clang-format) # the format test (scripts/check_format.sh)
  packages+=(libxml2-utils) # xmllint: the SVG of 'nqsat show' is well-formed
  packages+=(clasp) # a PB solver: counts the models of `nqsat encode --format opb`
  # tests/install/: man pages rendered, completion loaded, the install built
  # against with pkg-config, the Debian packages built (dpkg-shlibdeps, and
  # file, which CPack runs to find the ELF files), linted and installed.
  packages+=(man-db groff-base bash-completion pkg-config dpkg-dev file lintian)
  packages+=(minizinc) # counts `nqsat encode --format mzn` with Gecode (tests/cli/encode_rows*.sh)
  packages+=(chromium) # opens `nqsat teach`'s page headless (tests/cli/teach_browser.sh)
  # npm installs axe-core below (no Debian package): the page's accessibility
  # check. A Node.js that brings its own npm conflicts with Debian's package.
  command -v npm >/dev/null || packages+=(npm)
  packages+=(python3) # reads the cactus plot's screenshot (tests/cli/png_ink.py)
  packages+=(openmpi-bin libopenmpi-dev) # nqsat-mpi, built when CMake finds MPI (tests/cli/count_mpi.sh)
  packages+=(minisat+) # a second PB solver: `nqsat run` and `check --instance` read its answers
  packages+=(runlim) # measures the same scripted solvers as `nqsat run` (tests/cli/run_harness.sh)
  packages+=(stress-ng) # scripts/stress-ctest.sh: the suite on a loaded machine
  packages+=(gcc-aarch64-linux-gnu qemu-user) # the join's tests on aarch64 (tests/cross/aarch64_join.sh)
  shift
fi
[ "${1:-}" = "--" ] && shift

missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# axe-core checks the teaching page's accessibility in Chromium
# (tests/cli/teach_cdp.py finds it under `npm root -g`, or in AXE_CORE).
if [ -n "${test_tools:-}" ] && [ ! -f "$(npm root -g)/axe-core/axe.min.js" ]; then
  echo "setup: installing axe-core 4.14.1 from npm" >&2
  as_root=()
  [ "$(id -u)" -eq 0 ] || as_root=(sudo)
  "${as_root[@]}" npm install -g --no-fund --no-audit axe-core@4.14.1 >/dev/null ||
    echo "setup: axe-core could not be installed: the page's accessibility check will say it is skipped" >&2
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >/dev/null
cmake --build build -j "$(nproc)" >/dev/null
echo "setup: built build/nqsat" >&2
