#!/usr/bin/env bash
# The documentation hangs together: every relative link in README.md, the
# docs/*.md pages and the folder READMEs points to a file or folder that
# exists and, with a #fragment, to a heading of that page (GitHub's anchor
# rule: lowercase, punctuation dropped, spaces to hyphens, -1, -2 ... for
# repeats); and README.md still starts a newcomer with the two commands CI
# and the demo rely on.
#
#   tests/install/doc_links.sh NQSAT BUILD_DIR SOURCE_DIR
here=$(dirname "$0")
. "$here/../cli/lib.sh"
source_dir=$(realpath "${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}")
export LC_ALL=C.UTF-8

# anchors FILE: the anchors of the headings of a Markdown file.
anchors() {
  awk '/^```/ { fenced = !fenced; next } !fenced && /^#{1,6} / { sub(/^#+ +/, ""); print }' "$1" |
    sed -E 's/\[([^]]*)\]\([^)]*\)/\1/g' | tr '[:upper:]' '[:lower:]' |
    sed -E 's/[^[:alnum:] _-]//g; s/ /-/g' |
    awk '{ n = seen[$0]++; print (n ? $0 "-" n : $0) }'
}

# links FILE: the link targets of a Markdown file, outside code blocks.
links() {
  awk '/^```/ { fenced = !fenced; next } !fenced' "$1" | sed -E 's/`[^`]*`//g' |
    grep -oE '\]\([^)[:space:]]+\)' | sed -E 's/^\]\(//; s/\)$//'
}

files=$(cd "$source_dir" && { ls README.md docs/*.md */README.md */*/README.md 2>/dev/null; } |
  grep -v '^build' | sort -u)
for file in $files; do
  for target in $(links "$source_dir/$file"); do
    case $target in
    *://* | mailto:*) continue ;;
    esac
    checks=$((checks + 1))
    path=${target%%#*}
    fragment=""
    [[ $target == *"#"* ]] && fragment=${target#*#}
    if [ -z "$path" ]; then
      resolved=$source_dir/$file
    else
      resolved=$(dirname "$source_dir/$file")/$path
    fi
    if [ ! -e "$resolved" ]; then
      fail "$file: link '$target': no such file or folder"
    elif [ -n "$fragment" ]; then
      if [[ $resolved != *.md ]] || ! anchors "$resolved" | grep -qxF -- "$fragment"; then
        fail "$file: link '$target': no heading with anchor #$fragment in ${path:-$file}"
      fi
    fi
  done
done
[ "$checks" -gt 0 ] || fail "no links found in $files"

# The README's first commands (CI runs .ci/run, which runs scripts/test.sh).
for line in "bash scripts/setup.sh && bash examples/demo.sh" "bash scripts/test.sh"; do
  checks=$((checks + 1))
  grep -qE "^$(sed 's/[.&]/\\&/g' <<<"$line")( |$)" "$source_dir/README.md" ||
    fail "README.md no longer starts a line with '$line'"
done
checks=$((checks + 1))
grep -qx 'bash scripts/test.sh' "$source_dir/.ci/run" || fail ".ci/run does not run 'bash scripts/test.sh'"
finish
