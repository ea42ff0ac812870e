#!/usr/bin/env bash
# nqsat's counter beside the programs that win the Model Counting
# Competition, in one run on the competition's instances, one thread each:
#   sharpsat-td  SharpSAT-TD (Korhonen & Jarvisalo, CP 2021; unprojected
#                only), tree decomposition by its FlowCutter for 5 s
#   ganak        ganak (Sharma et al., IJCAI 2019; projected too), --threads 1
#                (needs FLINT 3: where pkg-config finds none, the script
#                says so and goes on without ganak)
#   d4           d4v2 (Lagniez & Marquis, IJCAI 2017; unprojected here), its
#                demo counter (`counter -i FILE`, answering 's N')
# Each anchor is built from a source tree under SOURCES (SOURCES/sharpsat-td,
# SOURCES/ganak, SOURCES/d4v2: their public repositories, fetched by hand;
# nothing is downloaded here) into BUILD with cmake; one that does not build
# is reported with the lines of its build log that say why, and left out.
# ganak also needs, beside it, the trees of its libraries (their default
# branches): SOURCES/cadical (meelgroup/cadical), SOURCES/cadiback,
# SOURCES/cryptominisat (msoos/cryptominisat), SOURCES/sbva
# (meelgroup/SBVA), SOURCES/treedecomp, SOURCES/arjun and SOURCES/approxmc
# (meelgroup/approxmc of 2026 or later: its 2024 master calls a method
# CryptoMiniSat no longer has; its library alone, which ganak links, as
# its own program no longer compiles against today's Arjun); each is
# built in turn, found by the next through
# its build tree's CMake package file, none fetched. d4 needs the PaToH
# library its repository held until 2024-01 (3rdParty/patoh/libpatoh.a,
# binary-only: `git show 0d600bf:3rdParty/patoh/libpatoh.a` in the d4v2
# repository gives it).
# Per tool: instances counted within TIMEOUT, PAR-2 (the mean of the times,
# an unsolved instance counting 2 * TIMEOUT), counts that disagree with
# another tool's (exact integers) or with the competition's reference
# (log10 to 1e-6, relative), and the table of every run.
#
# usage: bench/mcc_anchors.sh [options] INSTANCE...
#   --nqsat PATH        (build/nqsat)
#   --sources DIR       anchors' source trees (none: nqsat alone)
#   --build DIR         where anchors are built (default /tmp/nqsat-anchors)
#   --references FILE   lines 'NAME,LOG10': the competition's counts files
#                       (mc2022_track1_counts.sh, mc2022_track3_counts.sh)
#                       as published, or joined into one
#   --timeout S         per run (60)
#   --build-only        build the anchors, name those built, run nothing
# Instances may be .cnf or .cnf.gz; use the even-numbered ones of track 1
# and track 3 for development (the odd ones are for acceptance). The 2022
# instances and counts files are in github.com/msoos/model-counting-comp-2022
# (MC2022_track1-mc_*/, MC2022_track3-pmc_*/; its files of 4 MiB and more
# are not in every copy).
# Anchors need cmake, g++, GMP and MPFR (libgmp-dev, libmpfr-dev); ganak
# also FLINT 3 (not Debian 12's 2.9) and zlib1g-dev, d4 Boost's
# program_options and ninja (libboost-program-options-dev, ninja-build);
# the script says what failed.
set -uo pipefail
nqsat=build/nqsat sources='' build=/tmp/nqsat-anchors references='' timeout=60 build_only=''
while [ $# -gt 0 ]; do
  case $1 in
  --nqsat) nqsat=$2 && shift 2 ;;
  --sources) sources=$2 && shift 2 ;;
  --build) build=$2 && shift 2 ;;
  --references) references=$2 && shift 2 ;;
  --timeout) timeout=$2 && shift 2 ;;
  --build-only) build_only=1 && shift ;;
  -h | --help) sed -n '2,/^set /p' "$0" | sed '$d;s/^# \{0,1\}//' && exit 0 ;;
  -*) echo "mcc_anchors.sh: unknown option '$1'" >&2 && exit 2 ;;
  *) break ;;
  esac
done
[ $# -gt 0 ] || [ -n "$build_only" ] || { echo "mcc_anchors.sh: no instances (see --help)" >&2; exit 2; }
[ -x "$nqsat" ] || { echo "mcc_anchors.sh: no nqsat at '$nqsat'" >&2; exit 2; }
nqsat=$(cd "$(dirname "$nqsat")" && pwd)/$(basename "$nqsat")
work=$(mktemp -d "${TMPDIR:-/tmp}/nqsat-mcc.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$build"

# build_anchor NAME SOURCE_DIR: cmake build into $build/NAME; 0 when built.
build_anchor() {
  local name=$1 source=$2 log=$build/$1.log
  [ -d "$source" ] || return 1
  if ! { cmake -S "$source" -B "$build/$name" -DCMAKE_BUILD_TYPE=Release &&
    cmake --build "$build/$name" -j2; } >"$log" 2>&1; then
    echo "mcc_anchors.sh: $name did not build ($log):" >&2
    tail -5 "$log" | sed 's/^/  /' >&2
    return 1
  fi
}

# build_chain NAME STEP...: builds the steps 'DIR[@TARGET][:CMAKE_ARGS]' in
# order, each a cmake project under $sources/DIR built (its TARGET alone
# when given) into $build/NAME/DIR; the first that fails is named with the
# lines of its log that say why.
build_chain() {
  local name=$1 step dir args target log
  shift
  for step in "$@"; do
    dir=${step%%:*} args='' target=''
    [ "$dir" = "$step" ] || args=${step#*:}
    case $dir in *@*) target=${dir#*@} dir=${dir%@*} ;; esac
    log=$build/$name-$dir.log
    if [ ! -f "$sources/$dir/CMakeLists.txt" ]; then
      echo "mcc_anchors.sh: $name needs the source tree $sources/$dir (not there)" >&2
      return 1
    fi
    # Built before, and its sources not changed since: kept.
    if [ -f "$build/$name/$dir/.built" ] &&
      [ -z "$(find "$sources/$dir" -newer "$build/$name/$dir/.built" -type f -print -quit)" ]; then
      continue
    fi
    # A cache from an earlier configure can hold what a package file of the
    # step before set (pkg-config's empty GMP_INCLUDE_DIRS): start afresh.
    rm -f "$build/$name/$dir/CMakeCache.txt" "$build/$name/$dir/.built"
    # shellcheck disable=SC2086 # args is a list of -D options
    if ! { cmake -S "$sources/$dir" -B "$build/$name/$dir" -DCMAKE_BUILD_TYPE=Release \
      -DENABLE_TESTING=OFF -DENABLE_ASSERTIONS=OFF -DFETCHCONTENT_FULLY_DISCONNECTED=ON $args &&
      cmake --build "$build/$name/$dir" -j2 ${target:+--target "$target"}; } >"$log" 2>&1; then
      echo "mcc_anchors.sh: $name: $dir did not build ($log):" >&2
      grep -m3 -E 'error|Error|ERROR' "$log" | sed 's/^/  /' >&2
      tail -3 "$log" | sed 's/^/  /' >&2
      return 1
    fi
    touch "$build/$name/$dir/.built"
  done
}

# ganak links CryptoMiniSat, Arjun, SBVA, ApproxMC, TreeDecomp, CaDiCaL and
# CaDiBack (their repositories' default branches, as ganak's own flake
# takes them), each found by its build tree's CMake package file; GMP, MPFR
# and FLINT come from the system (libgmp-dev, libmpfr-dev, libflint-dev).
build_ganak() {
  local b=$build/ganak
  # ganak's polynomials need FLINT 3 (flint/mpoly_types.h, found through
  # pkg-config); Debian 12's libflint-dev is 2.9, without either. A FLINT 3
  # built from flintlib/flint is found through PKG_CONFIG_PATH.
  if ! pkg-config --atleast-version=3 flint 2>/dev/null; then
    echo "mcc_anchors.sh: ganak not built: it needs FLINT 3 (flint/mpoly_types.h)," \
      "and pkg-config finds $(pkg-config --modversion flint 2>/dev/null || echo 'no FLINT')" \
      "(Debian 12 has 2.9, without a pkg-config file; build flintlib/flint 3.x and put" \
      "its lib/pkgconfig in PKG_CONFIG_PATH)" >&2
    return 1
  fi
  build_chain ganak cadical \
    "cadiback:-Dcadical_DIR=$b/cadical" \
    "cryptominisat:-Dcadical_DIR=$b/cadical -Dcadiback_DIR=$b/cadiback -DNOBREAKID=ON" \
    sbva treedecomp \
    "arjun:-Dcadical_DIR=$b/cadical -Dcadiback_DIR=$b/cadiback -Dcryptominisat5_DIR=$b/cryptominisat -Dsbva_DIR=$b/sbva -Dtreedecomp_DIR=$b/treedecomp" \
    "approxmc@approxmc:-Dcadical_DIR=$b/cadical -Dcadiback_DIR=$b/cadiback -Dcryptominisat5_DIR=$b/cryptominisat -Dsbva_DIR=$b/sbva -Darjun_DIR=$b/arjun -Dtreedecomp_DIR=$b/treedecomp" \
    "ganak:-Dcadical_DIR=$b/cadical -Dcadiback_DIR=$b/cadiback -Dcryptominisat5_DIR=$b/cryptominisat -Dsbva_DIR=$b/sbva -Darjun_DIR=$b/arjun -Dapproxmc_DIR=$b/approxmc -Dtreedecomp_DIR=$b/treedecomp"
}

# d4v2 builds in its own tree (its build.sh: glucose, bipe, the library,
# then demo/counter), so the tree is copied to $build/d4 first. Its
# partitioner calls PaToH, a binary-only library its repository no longer
# holds at the default branch (3rdParty/patoh/libpatoh.a was in the
# repository's history up to 2024-01); without that file d4 cannot link.
build_d4() {
  local tree=$build/d4/tree log=$build/d4.log
  [ -f "$sources/d4v2/build.sh" ] || {
    echo "mcc_anchors.sh: d4 needs the source tree $sources/d4v2 (not there)" >&2
    return 1
  }
  if [ ! -f "$sources/d4v2/3rdParty/patoh/libpatoh.a" ]; then
    echo "mcc_anchors.sh: d4 not built: it links PaToH (binary-only), and" \
      "$sources/d4v2/3rdParty/patoh/libpatoh.a is missing" >&2
    return 1
  fi
  d4=$tree/demo/counter/build/counter
  # Built before from the same tree: kept (a build takes many minutes).
  if [ -x "$d4" ] && [ -z "$(find "$sources/d4v2" -newer "$d4" -type f -print -quit)" ]; then
    return 0
  fi
  mkdir -p "$build/d4" && rm -rf "$tree" && cp -a "$sources/d4v2" "$tree"
  if ! { (cd "$tree" && ./build.sh) && make -C "$tree/demo/counter" c -j2; } >"$log" 2>&1; then
    echo "mcc_anchors.sh: d4 did not build ($log):" >&2
    grep -m3 -E 'error|Error' "$log" | sed 's/^/  /' >&2
    return 1
  fi
}

tools=(nqsat)
if [ -n "$sources" ]; then
  if build_anchor sharpsat-td "$sources/sharpsat-td" &&
    [ -x "$build/sharpsat-td/sharpSAT" ] && [ -x "$build/sharpsat-td/flow_cutter_pace17" ]; then
    tools+=(sharpsat-td)
  fi
  if build_ganak; then
    ganak=$build/ganak/ganak/ganak
    if [ -x "$ganak" ]; then tools+=(ganak); else echo "mcc_anchors.sh: ganak built but $ganak is missing" >&2; fi
  fi
  build_d4 && tools+=(d4)
fi
echo "tools: ${tools[*]}" >&2
[ -z "$build_only" ] || exit 0

# run_tool TOOL FILE PROJECTED: the count on stdout ('' when none), the
# seconds in $work/seconds.
run_tool() {
  local tool=$1 file=$2 projected=$3 out=$work/out
  local started
  started=$(date +%s.%N)
  case $tool in
  nqsat) timeout "$timeout" "$nqsat" solve "$file" --count --format mcc --threads 1 >"$out" 2>/dev/null ;;
  sharpsat-td)
    [ "$projected" = 1 ] && { echo "-" >"$work/seconds"; return; }
    (cd "$build/sharpsat-td" && timeout "$timeout" ./sharpSAT -decot 5 -decow 100 -tmpdir "$work" \
      -cs 2000 "$file") >"$out" 2>/dev/null ;;
  ganak) timeout "$timeout" "$ganak" --threads 1 "$file" >"$out" 2>/dev/null ;;
  d4)
    [ "$projected" = 1 ] && { echo "-" >"$work/seconds"; return; }
    timeout "$timeout" "$d4" -i "$file" >"$out" 2>/dev/null ;;
  esac
  local code=$?
  awk -v s="$started" -v e="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", e - s }' >"$work/seconds"
  [ "$code" -eq 0 ] || [ "$code" -eq 10 ] || [ "$code" -eq 20 ] || return
  # 'c s exact arb int N' (the competition's format since 2021), or 's N'
  # (d4's), or 's UNSATISFIABLE' (0).
  sed -n 's/^c s exact arb int \([0-9]*\)$/\1/p; s/^s \([0-9][0-9]*\)$/\1/p; s/^s UNSATISFIABLE$/0/p' \
    "$out" | head -1
}

rows=$work/rows
for file in "$@"; do
  name=$(basename "$file")
  plain=$work/${name%.gz}
  case $file in
  *.gz) gzip -dc "$file" >"$plain" ;;
  *) cp "$file" "$plain" ;;
  esac
  projected=0
  grep -qE '^c (ind|p show) ' "$plain" && projected=1
  for tool in "${tools[@]}"; do
    count=$(run_tool "$tool" "$plain" "$projected")
    printf '%s %s %s %s\n' "${name%%.*}" "$tool" "$(cat "$work/seconds")" "${count:--}" >>"$rows"
    echo "${name%%.*} $tool $(cat "$work/seconds") s ${count:--}" >&2
  done
  rm -f "$plain"
done

python3 - "$rows" "$timeout" "${references:-}" "${tools[@]}" <<'PY'
import math, sys
rows_path, timeout, references_path, tools = sys.argv[1], float(sys.argv[2]), sys.argv[3], sys.argv[4:]
reference = {}
if references_path:
    for line in open(references_path):
        # The published files wrap their lines in `sols = "..."`; -1 marks
        # an instance no solver counted (a count's log10 is never negative).
        name, _, value = line.strip().partition(",")
        name = name.rsplit('"', 1)[-1].strip()
        if value and float(value) >= 0:
            reference["mc2022_" + name.split(".")[0]] = float(value)
runs = {}
for line in open(rows_path):
    instance, tool, seconds, count = line.split()
    runs.setdefault(instance, {})[tool] = (None if seconds == "-" else float(seconds),
                                           None if count == "-" else int(count))
def log10(n):
    return -math.inf if n == 0 else math.log10(n)
disagreements = 0
print(f"{'instance':24}" + "".join(f"{t:>14}" for t in tools) + "  counts")
for instance, by_tool in sorted(runs.items()):
    counts = {t: c for t, (s, c) in by_tool.items() if c is not None}
    verdict = "agree" if len(set(counts.values())) <= 1 else "DISAGREE"
    if instance in reference and counts:
        for tool, count in counts.items():
            expected = reference[instance]
            if abs(log10(count) - expected) > 1e-6 * max(1.0, abs(expected)):
                verdict = f"{tool} DIFFERS from the reference 10^{expected}"
    disagreements += verdict != "agree"
    cells = "".join(f"{'-' if s is None else ('%.1f' % s if c is not None else 'x'):>14}"
                    for s, c in (by_tool.get(t, (None, None)) for t in tools))
    print(f"{instance:24}{cells}  {verdict if counts else 'none counted'}")
print()
for tool in tools:
    times = [by_tool[tool] for by_tool in runs.values() if tool in by_tool and by_tool[tool][0] is not None]
    solved = [s for s, c in times if c is not None and s <= timeout]
    par2 = sum(s if (c is not None and s <= timeout) else 2 * timeout for s, c in times) / max(1, len(times))
    print(f"{tool:12} solved {len(solved):3} of {len(times):3} within {timeout:.0f} s, PAR-2 {par2:8.1f} s")
sys.exit(1 if disagreements else 0)
PY
