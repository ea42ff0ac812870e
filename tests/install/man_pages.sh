#!/usr/bin/env bash
# The man pages (docs/man/*.1) against the program: every page renders
# without a warning (man-db and groff, as installed: the .gz pages of the
# build); every page has the sections a reader expects; every command of
# 'nqsat --help' has its page nqsat-COMMAND.1 and a place in nqsat(1); and
# each page's OPTIONS name exactly the options its command's --help lists,
# both ways. Failures say which page lacks which option and where to add it.
#
#   tests/install/man_pages.sh NQSAT BUILD_DIR SOURCE_DIR
here=$(dirname "$0")
. "$here/../cli/lib.sh"
. "$here/lib_options.sh"
build=${2:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}
source_dir=${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}
pages=$source_dir/docs/man
for tool in man groff; do
  command -v $tool >/dev/null || { echo "FAIL: $tool is not installed (scripts/setup.sh --test-tools)" >&2; exit 1; }
done

# Rendering: what 'man' shows from the installed (compressed) pages.
for page in "$build"/man/*.1.gz; do
  checks=$((checks + 1))
  name=$(basename "$page" .1.gz)
  [ -f "$pages/$name.1" ] || fail "$page has no source $pages/$name.1 (stale build?)"
  if ! MANWIDTH=80 man --warnings -l "$page" >"$WORK/rendered" 2>"$WORK/warnings" ||
    [ -s "$WORK/warnings" ]; then
    fail "man --warnings -l $name.1: $(head -5 "$WORK/warnings")"
  fi
  grep -q "^NAME" "$WORK/rendered" || fail "man -l $name.1 shows no NAME section"
  checks=$((checks + 1))
  gzip -dc "$page" | groff -man -ww -z 2>"$WORK/warnings"
  [ -s "$WORK/warnings" ] && fail "groff -man -ww $name.1: $(head -5 "$WORK/warnings")"
done
for page in "$pages"/*.1; do
  checks=$((checks + 1))
  [ -f "$build/man/$(basename "$page").gz" ] ||
    fail "$(basename "$page") was not built into $build/man (re-run cmake: the page list is a glob)"
done

# Sections every page has.
for page in "$pages"/*.1; do
  sections=$(man_sections "$page")
  for section in NAME SYNOPSIS DESCRIPTION OPTIONS "EXIT STATUS" EXAMPLES "SEE ALSO"; do
    checks=$((checks + 1))
    grep -qx "$section" <<<"$sections" || fail "$(basename "$page") has no .SH $section section"
  done
done

# Commands: one page each, listed in nqsat(1) under COMMANDS and SEE ALSO.
commands=$(help_commands)
[ -n "$commands" ] || fail "'nqsat --help' lists no commands"
top=$pages/nqsat.1
for command in $commands; do
  checks=$((checks + 3))
  [ -f "$pages/nqsat-$command.1" ] ||
    fail "command '$command' has no man page: add docs/man/nqsat-$command.1 (docs/install.md, \"Adding a command\")"
  awk '/^\.SH/ { inside = ($0 ~ /COMMANDS/); next } inside' "$top" | grep -qx "\.B $command" ||
    fail "nqsat.1 does not list command '$command' under COMMANDS (a '.TP' + '.B $command' entry)"
  awk '/^\.SH/ { inside = ($0 ~ /SEE ALSO/); next } inside' "$top" | grep -q "^\.BR nqsat\\\\-$command (1)" ||
    fail "nqsat.1 SEE ALSO lacks '.BR nqsat\\-$command (1)'"
done
# A page that is not a command's documents a program of its own (its
# SYNOPSIS starts with '.B nqsat-NAME', e.g. an nqsat-mpi executable).
for page in "$pages"/nqsat-*.1; do
  name=$(basename "$page" .1)
  checks=$((checks + 1))
  grep -qx "${name#nqsat-}" <<<"$commands" && continue
  awk '/^\.SH/ { inside = ($0 ~ /SYNOPSIS/); next } inside' "$page" | head -1 | grep -q "^\.B $(sed 's/-/\\\\-/g' <<<"$name")" ||
    fail "$name.1: '${name#nqsat-}' is not a command of 'nqsat --help', and the page's SYNOPSIS does not start with '.B $(sed 's/-/\\-/g' <<<"$name")' (a program of its own)"
done

# The reference pages the man pages point to exist.
for reference in $(grep -ohE 'docs/[a-z0-9_-]+\.md' "$pages"/*.1 | sort -u); do
  checks=$((checks + 1))
  [ -f "$source_dir/$reference" ] || fail "a man page points to $reference, which does not exist"
done

# Options, both ways.
compare_options() { # PAGE WHAT HELP_OPTIONS MAN_OPTIONS
  local page=$1 what=$2 option
  checks=$((checks + 1))
  for option in $(comm -23 <(printf '%s\n' "$3") <(printf '%s\n' "$4")); do
    fail "docs/man/$page lacks option $option, which '$what' lists: add a .TP entry for it under OPTIONS"
  done
  for option in $(comm -13 <(printf '%s\n' "$3") <(printf '%s\n' "$4")); do
    fail "docs/man/$page documents option $option, which '$what' does not list: remove it or add it to the help"
  done
}
compare_options nqsat.1 "nqsat --help" "$(help_options "")" "$(man_options "$top")"
for command in $commands; do
  page=$pages/nqsat-$command.1
  [ -f "$page" ] || continue
  options=$(help_options "$command")
  [ -n "$options" ] || fail "'nqsat $command --help' lists no options (expected at least -h, --help)"
  compare_options "nqsat-$command.1" "nqsat $command --help" "$options" "$(man_options "$page")"
done
finish
