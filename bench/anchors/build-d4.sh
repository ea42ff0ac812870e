#!/usr/bin/env bash
# build-d4.sh SOURCE OUT [MARCH]: builds d4 (Lagniez & Marquis, "An Improved
# Decision-DNNF Compiler", IJCAI 2017; LGPL 3) into the program OUT, for
# benchmarks only.
#
# SOURCE is a git repository of https://github.com/crillab/d4 (a clone or a
# mirror) holding commit 333370cc1e843dd0749c1efe88516e72b5239174 (2023-05).
# That repository ships PaToH 3.2 (Catalyurek's hypergraph partitioner) as
# the binary library patoh/libpatoh.a, free for non-commercial research use
# only: d4 links it to split its formulas. Needs Debian's make, g++,
# libgmp-dev, libboost-dev (boost/multiprecision/gmp.hpp) and zlib1g-dev
# (installed here when missing). The repository's certification tarball is
# left out (the counter does not use it).
#
# Run `OUT -mc FILE.cnf`: the count is on the line `s COUNT`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
. "$here/common.sh"
[ $# -ge 2 ] || { echo "usage: build-d4.sh SOURCE OUT [MARCH]" >&2; exit 2; }
source=$1; out=$2; march=${3:-native}
commit=333370cc1e843dd0749c1efe88516e72b5239174
need_packages make g++ libgmp-dev libboost-dev zlib1g-dev
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
SKIP=certification-master.tar.gz unpack_commit "$source" "$commit" "$w/src"
# The release target: -O3 -DNDEBUG (the default target keeps the assertions).
make -C "$w/src" -j 2 r COPTIMIZE="-O3 -march=$march" >"$w/log" 2>&1 || { tail -20 "$w/log" >&2; exit 1; }
cp "$w/src/d4_release" "$out.tmp" && mv "$out.tmp" "$out"
