#!/bin/sh
# check_layout.sh: dependencies between files and folders go one way.
#
#   check_layout.sh [--nm PROGRAM] [--archive LIB.a]... [--sources DIR]...
#
# --archive: the object files of a static library must not call each other
#   in a circle. Object A depends on object B when A has an undefined
#   symbol that B defines (nm); any strongly connected set of two or more
#   objects is reported with the symbols that tie it together.
# --sources: the C files and headers under DIR (recursively) must not
#   include each other in a circle (#include "..." only, resolved next to
#   the including file, then as a path suffix of any scanned file, as the
#   include/ folders are found), and the folders given must not depend on
#   each other in a circle through their includes.
#
# Prints every cycle found and exits 1 if there is one, 0 if none, 2 on
# bad usage or when an archive cannot be read. Needs only a POSIX shell,
# awk and nm, as a fresh machine has; --nm names another nm (a cross
# build's, which reads that target's objects).
set -u

usage() {
  echo "usage: check_layout.sh [--nm PROGRAM] [--archive LIB.a]... [--sources DIR]..." >&2
  exit 2
}

archives=""
sources=""
nm=nm
while [ $# -gt 0 ]; do
  case "$1" in
  --archive) [ $# -ge 2 ] || usage; archives="$archives
$2"; shift 2 ;;
  --sources) [ $# -ge 2 ] || usage; sources="$sources
$2"; shift 2 ;;
  --nm) [ $# -ge 2 ] || usage; nm=$2; shift 2 ;;
  -h | --help) sed -n '2,20p' "$0"; exit 0 ;;
  *) usage ;;
  esac
done
[ -n "$archives$sources" ] || usage

# The strongly connected components of a graph given as "edge FROM TO WHY"
# lines on stdin (WHY: one symbol or include that makes the edge), reported
# as "LABEL cycle: A, B, C" plus one line per edge inside it. Reachability by
# Warshall's closure: the graphs are tens of files, so n^3 is nothing.
cycles_awk='
$1 == "node" { if (!($2 in id)) { id[$2] = ++n; name[n] = $2 } next }
$1 == "edge" {
  for (k = 2; k <= 3; k++) if (!($k in id)) { id[$k] = ++n; name[n] = $k }
  a = id[$2]; b = id[$3]
  if (a == b) next
  if (!((a, b) in why)) why[a, b] = $4
  reach[a, b] = 1
  next
}
END {
  for (k = 1; k <= n; k++)
    for (i = 1; i <= n; i++)
      if ((i, k) in reach)
        for (j = 1; j <= n; j++)
          if ((k, j) in reach) reach[i, j] = 1
  found = 0
  for (i = 1; i <= n; i++) {
    if (i in component) continue
    members = name[i]; size = 1; component[i] = i
    for (j = i + 1; j <= n; j++)
      if (!(j in component) && ((i, j) in reach) && ((j, i) in reach)) {
        component[j] = i; members = members ", " name[j]; size++
      }
    if (size < 2) continue
    found = 1
    printf "%s cycle: %s\n", label, members
    for (a = 1; a <= n; a++)
      for (b = 1; b <= n; b++)
        if (((a, b) in why) && (a in component) && (b in component) &&
            component[a] == i && component[b] == i)
          printf "  %s -> %s (%s)\n", name[a], name[b], why[a, b]
  }
  exit found
}'

status=0
work=$(mktemp -d) || exit 2
trap 'rm -rf "$work"' EXIT

# Call cycles: nm -P -A prints "ARCHIVE[OBJECT]: SYMBOL TYPE ...".
old_ifs=$IFS
IFS='
'
for archive in $archives; do
  IFS=$old_ifs
  if [ ! -r "$archive" ]; then
    echo "check_layout.sh: $archive: cannot read the archive" >&2
    exit 2
  fi
  label="$(basename "$archive"):"
  if ! "$nm" -P -A "$archive" >"$work/symbols" 2>"$work/nm-errors"; then
    echo "check_layout.sh: $archive: $nm failed: $(head -n 1 "$work/nm-errors")" >&2
    exit 2
  fi
  if ! awk '
    {
      object = $1
      sub(/:$/, "", object); sub(/^.*\[/, "", object); sub(/\]$/, "", object)
      sub(/\.o(bj)?$/, "", object)
      symbol = $2; type = $3
      print "node", object
      if (type == "U" || type == "w" || type == "v")
        wants[object, symbol] = 1
      else if (type ~ /^[A-Z]$/)
        defines[symbol] = object
    }
    END {
      for (pair in wants) {
        split(pair, part, SUBSEP)
        if (part[2] in defines) print "edge", part[1], defines[part[2]], part[2]
      }
    }' "$work/symbols" | awk -v label="$label" "$cycles_awk"; then
    status=1
  fi
  IFS='
'
done

# Include cycles, between files and between the given folders.
if [ -n "$sources" ]; then
  list=$work/files
  for dir in $sources; do
    if [ ! -d "$dir" ]; then
      echo "check_layout.sh: $dir: not a folder" >&2
      exit 2
    fi
    find "$dir" -type f \( -name '*.c' -o -name '*.h' \) | awk -v dir="$dir" -v all="$sources" '
      BEGIN { count = split(all, roots, "\n") }
      {
        for (i = 1; i <= count; i++) {
          inner = roots[i]
          if (inner != "" && inner != dir && index(inner, dir "/") == 1 &&
              index($0, inner "/") == 1)
            next
        }
        print dir "\t" $0
      }' >>"$list"
  done
  IFS=$old_ifs
  # One line per file ("ROOT<TAB>PATH"), then its includes as
  # "include PATH NAME" lines.
  graph=$(
    {
      cat "$list"
      cut -f2 "$list" | xargs awk '
        /^[ \t]*#[ \t]*include[ \t]*"/ {
          name = $0; sub(/^[^"]*"/, "", name); sub(/".*$/, "", name)
          print "include", FILENAME, name
        }'
    } | awk -F'\t' '
      NF == 2 { root[$2] = $1; files[++count] = $2; next }
      {
        split($0, word, " "); file = word[2]; name = word[3]
        dir = file; sub(/\/[^\/]*$/, "", dir)
        target = dir "/" name
        while (target ~ /\/\.\//) sub(/\/\.\//, "/", target)
        while (target ~ /[^\/.][^\/]*\/\.\.\//) sub(/[^\/.][^\/]*\/\.\.\//, "", target)
        if (!(target in root)) {
          target = ""
          for (i = 1; i <= count; i++)
            if (length(files[i]) > length(name) &&
                substr(files[i], length(files[i]) - length(name)) == "/" name) {
              target = files[i]; break
            }
        }
        if (target == "") next
        print "file", file, target, name
        if (root[file] != root[target]) print "folder", root[file], root[target], file
      }'
  )
  if ! printf '%s\n' "$graph" | awk '$1 == "file" { $1 = "edge"; print }' |
    awk -v label="include" "$cycles_awk"; then
    status=1
  fi
  if ! printf '%s\n' "$graph" | awk '$1 == "folder" { $1 = "edge"; print }' |
    awk -v label="folder" "$cycles_awk"; then
    status=1
  fi
fi
IFS=$old_ifs
exit $status
