#!/bin/sh
# check_format.sh: every C source and header of the tree is in the
# .clang-format style (CONTRIBUTING.md, "Style"), as
# `clang-format --dry-run -Werror` sees it.
#
#   check_format.sh [SOURCE_DIR] [CLANG_FORMAT]
#
# Lists the files git tracks (every *.c and *.h; a tree without git: every
# one outside build folders) and prints clang-format's complaints, at most
# 40 lines per file. Exits 1 when a file is not formatted, 0 when all are,
# and 77 (skipped) when clang-format is not installed (Debian:
# clang-format, which scripts/setup.sh --test-tools installs).
set -u
root=${1:-$(dirname "$0")/..}
tool=${2:-clang-format}
if ! command -v "$tool" >/dev/null 2>&1; then
  echo "check_format.sh: skipped: $tool is not installed (Debian: apt-get install clang-format)" >&2
  exit 77
fi
cd "$root" || exit 2
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  files=$(git ls-files '*.c' '*.h')
else
  files=$(find . -name 'build*' -prune -o -name .git -prune -o -type f \( -name '*.c' -o -name '*.h' \) -print)
fi
status=0
bad=0
for file in $files; do
  [ -f "$file" ] || continue # deleted in the work tree
  if ! out=$("$tool" --dry-run -Werror "$file" 2>&1); then
    printf '%s\n' "$out" | head -n 40 >&2
    bad=$((bad + 1))
    status=1
  fi
done
if [ "$status" -ne 0 ]; then
  echo "check_format.sh: $bad file(s) not in the .clang-format style; run: $tool -i FILE" >&2
fi
exit $status
