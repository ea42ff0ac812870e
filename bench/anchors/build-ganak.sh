#!/usr/bin/env bash
# build-ganak.sh SOURCE OUT [MARCH]: builds ganak 1.0.3 (Sharma, Roy, Soos,
# Meel, "GANAK: A Scalable Probabilistic Exact Model Counter", IJCAI 2019;
# MIT licence) into the program OUT, for benchmarks only.
#
# SOURCE is a git repository of https://github.com/meelgroup/ganak (a clone
# or a mirror) holding commit 96f35a01ba3b656299a7f5cf57a276293fd83932, the
# tag release/1.0.3: the 2019 counter, a sharpSAT derivative whose component
# cache keeps hashes of the components (exact with probability 1 - delta).
# Its build needs only Debian's cmake, g++ and libgmp-dev (installed here when
# missing). The ganak of 2025 on (release/2.4.3 and later) needs
# CryptoMiniSat, Arjun, ApproxMC, SBVA, BreakID, CaDiCaL and CaDiBack built
# from their repositories, and FLINT (see bench/README.md).
#
# Run `OUT -noPCC FILE.cnf`: the count is on the line `s mc COUNT` (`s pmc
# COUNT` when a `c ind ... 0` line names a projection). -noPCC: this commit's
# probabilistic component cache (hashes of the components by clhash, the
# paper's main idea) dies of SIGSEGV inside clhash on random 3-SAT 70/260
# seed 5 or 150/560 seed 1 (on that path the source fills its hash keys
# through operator[] of a vector that is only reserved, undefined behaviour;
# not followed further); without it the cache keys are the packed
# components, exact, as in sharpSAT, and the rest of ganak stays (CSVSADS
# branching, implicit BCP, learn and start over).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
[ $# -ge 2 ] || { echo "usage: build-ganak.sh SOURCE OUT [MARCH]" >&2; exit 2; }
source=$1; out=$2; march=${3:-}
commit=96f35a01ba3b656299a7f5cf57a276293fd83932
need_packages cmake g++ libgmp-dev
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
unpack_commit "$source" "$commit" "$w/src"
# The library static, so OUT is one file (GMP stays shared); upstream's
# flags (-O2), no -march unless MARCH is given.
flags=${march:+-march=$march}
cmake -S "$w/src" -B "$w/build" -DCMAKE_BUILD_TYPE=Release -DBUILD_SHARED_LIBS=OFF \
  -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_C_FLAGS="$flags" >"$w/log" 2>&1 ||
  { cat "$w/log" >&2; exit 1; }
cmake --build "$w/build" -j 2 >>"$w/log" 2>&1 || { tail -20 "$w/log" >&2; exit 1; }
cp "$w/build/ganak" "$out.tmp" && mv "$out.tmp" "$out"
