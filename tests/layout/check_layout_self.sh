#!/bin/sh
# scripts/check_layout.sh on small made-up libraries and folders whose
# cycles are known by construction: it must name every cycle there is,
# pass a layout without one, and refuse bad usage.
#   check_layout_self.sh CC AR CHECK_LAYOUT
set -u
cc=$1 ar=$2 check=$3
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect EXIT_CODE DESCRIPTION ARGS... ; output in $work/out
expect() {
  want=$1 what=$2
  shift 2
  sh "$check" "$@" >"$work/out" 2>&1
  got=$?
  [ "$got" -eq "$want" ] || { fail "$what: exit $got, expected $want"; cat "$work/out" >&2; }
}
# mentions DESCRIPTION TEXT: the last output contains TEXT
mentions() { grep -qF -- "$2" "$work/out" || { fail "$1: no '$2' in:"; cat "$work/out" >&2; }; }

archive() { # archive NAME FILE.c...: compiles the files into NAME.a
  name=$1
  shift
  objects=""
  for source in "$@"; do
    [ -f "$work/$source.o" ] || "$cc" -c "$work/$source" -o "$work/$source.o" || exit 1
    objects="$objects $work/$source.o"
  done
  # shellcheck disable=SC2086
  "$ar" rc "$work/$name.a" $objects || exit 1
}

# Calls: top -> middle -> bottom, one way (bottom's own recursion and a
# call into the C library are no cycle).
printf 'int middle(int);\nint top(int x) { return middle(x) + 1; }\n' >"$work/top.c"
printf 'int bottom(int);\nint middle(int x) { return bottom(x) * 2; }\n' >"$work/middle.c"
printf '#include <stdlib.h>\nint bottom(int x) { return x > 0 ? bottom(x - 1) : abs(x); }\n' >"$work/bottom.c"
archive oneway top.c middle.c bottom.c
expect 0 "calls one way" --archive "$work/oneway.a"

# The same with bottom calling back into top through a table (a data
# reference counts as a dependency too), and a separate pair calling
# each other: two cycles, each named with a symbol per edge.
printf 'int top(int);\nint (*const back)(int) = top;\nint bottom(int x) { return x; }\n' >"$work/bottom2.c"
printf 'int pong(int);\nint ping(int x) { return x ? pong(x - 1) : 0; }\n' >"$work/ping.c"
printf 'int ping(int);\nint pong(int x) { return x ? ping(x - 1) : 1; }\n' >"$work/pong.c"
archive circles top.c middle.c bottom2.c ping.c pong.c
expect 1 "calls in two circles" --archive "$work/circles.a"
mentions "three-file cycle" "cycle: top.c, middle.c, bottom2.c"
mentions "three-file cycle's edge" "bottom2.c -> top.c (top)"
mentions "two-file cycle" "cycle: ping.c, pong.c"
mentions "two-file cycle's edge" "pong.c -> ping.c (ping)"
[ "$(grep -c 'cycle:' "$work/out")" -eq 2 ] || fail "calls in two circles: not exactly two cycles"

# Includes: a.h -> b.h -> a.h is a cycle, c.c -> a.h is not part of it;
# across folders, x/include/nq/p.h -> y/q.h -> nq/p.h (found as a path
# suffix, as through an include/ folder) is both a file and a folder cycle.
mkdir -p "$work/x/include/nq" "$work/y" "$work/z"
printf '#include "b.h"\n' >"$work/x/a.h"
printf '#include "a.h"\n#include <stdio.h>\n' >"$work/x/b.h"
printf '#include "a.h"\n#include "nq/p.h"\n' >"$work/x/c.c"
printf '#include "../../../y/q.h"\n' >"$work/x/include/nq/p.h"
printf '#include "nq/p.h"\n' >"$work/y/q.h"
printf '#include "z.h"\n' >"$work/z/z.c"
printf '/* nothing */\n' >"$work/z/z.h"
expect 0 "includes one way" --sources "$work/z"
expect 1 "include cycles" --sources "$work/x" --sources "$work/y" --sources "$work/z"
mentions "header pair" "include cycle: "
mentions "header pair's edge" "$work/x/a.h -> $work/x/b.h (b.h)"
mentions "across folders" "$work/y/q.h -> $work/x/include/nq/p.h (nq/p.h)"
mentions "folders" "folder cycle: "
if grep 'cycle:' "$work/out" | grep -qF -e "$work/x/c.c" -e "$work/z"; then
  fail "include cycles: a file or folder outside every cycle is reported"
fi

# A folder given inside another is a part of its own: w/prog/main.c may
# include v (which includes w/w.h) without closing a circle between w and
# v; with w/prog not given, its files are w's and the circle is there.
mkdir -p "$work/w/prog" "$work/v"
printf '/* nothing */\n' >"$work/w/w.h"
printf '#include "../w/w.h"\n' >"$work/v/v.h"
printf '#include "../../v/v.h"\n' >"$work/w/prog/main.c"
expect 0 "a nested folder of its own" --sources "$work/w" --sources "$work/v" --sources "$work/w/prog"
expect 1 "a nested folder's files in the outer one" --sources "$work/w" --sources "$work/v"
mentions "a nested folder's files in the outer one" "folder cycle: "

expect 2 "no arguments"
expect 2 "unknown option" --bogus
expect 2 "missing archive" --archive "$work/none.a"
expect 2 "missing folder" --sources "$work/none"
echo "not an archive" >"$work/junk.a"
expect 2 "not an archive" --archive "$work/junk.a"
mentions "not an archive" "junk.a"
expect 2 "nm failing" --nm false --archive "$work/oneway.a"

[ "$failures" -eq 0 ] && echo "check_layout.sh: all cases pass"
[ "$failures" -eq 0 ]
