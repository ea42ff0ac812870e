#!/usr/bin/env bash
# The bash completion script (packaging/nqsat.bash), loaded into this shell
# as bash would load it, and driven the way bash drives it: COMP_WORDS,
# COMP_CWORD and COMP_LINE set, the function called, COMPREPLY read. It must
# complete command names ('nqsat enc<TAB>'), each command's options exactly
# as its --help lists them, for every option that takes a value exactly the
# words the program's error message for a bad value names ('--amo <TAB>':
# the seven encodings; none for numbers), and files where a file is
# expected.
#
#   tests/install/bash_completion.sh NQSAT BUILD_DIR SOURCE_DIR
here=$(dirname "$0")
. "$here/../cli/lib.sh"
. "$here/lib_options.sh"
source_dir=${3:?usage: $0 NQSAT BUILD_DIR SOURCE_DIR}
NQSAT=$(realpath "$NQSAT")
script=$source_dir/packaging/nqsat.bash

# shellcheck source=../../packaging/nqsat.bash
. "$script" || fail "sourcing $script failed"
checks=$((checks + 1))
[ "$(complete -p nqsat 2>/dev/null)" = "complete -F _nqsat nqsat" ] ||
  fail "after sourcing, 'complete -p nqsat' says '$(complete -p nqsat 2>&1)'"

# complete_with FUNCTION PROGRAM WORD...: completes the last WORD (may be
# empty) of "PROGRAM WORD..." as bash would with FUNCTION; leaves the sorted
# candidates in $WORK/reply.
complete_with() {
  local function=$1 program=$2
  shift 2
  COMP_WORDS=("$program" "$@")
  COMP_CWORD=$#
  COMP_LINE="$(basename "$program") $*"
  COMP_POINT=${#COMP_LINE}
  COMPREPLY=()
  "$function" "$(basename "$program")" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
  printf '%s\n' "${COMPREPLY[@]}" | sed '/^$/d' | sort -u >"$WORK/reply"
}
complete_words() { complete_with _nqsat "$NQSAT" "$@"; }
# expect_completion EXPECTED WORD...: the candidates, space-separated and
# sorted, must be EXPECTED.
expect_completion() {
  local expected=$1
  shift
  checks=$((checks + 1))
  complete_words "$@"
  local got
  got=$(tr '\n' ' ' <"$WORK/reply" | sed 's/ $//')
  [ "$got" = "$expected" ] || fail "completing 'nqsat $*': got '$got', expected '$expected'"
}

# Run where no file name starts with a letter used below.
mkdir "$WORK/cwd" && cd "$WORK/cwd" || exit 1

# Commands.
expect_completion "encode" enc
commands=$(help_commands)
complete_words ""
for command in $commands; do
  checks=$((checks + 1))
  grep -qx "$command" "$WORK/reply" || fail "'nqsat <TAB>' does not offer command '$command'"
done
for word in --help --version; do
  checks=$((checks + 1))
  grep -qx -- "$word" "$WORK/reply" || fail "'nqsat <TAB>' does not offer $word"
done

# Options: exactly those of each command's help.
for command in $commands; do
  checks=$((checks + 1))
  complete_words "$command" -
  if ! diff <(help_options "$command") "$WORK/reply" >"$WORK/diff"; then
    fail "'nqsat $command -<TAB>' differs from the options of 'nqsat $command --help' (< help only, > completion only): $(grep '^[<>]' "$WORK/diff" | tr '\n' ' ')"
  fi
done
expect_completion "--amo" encode 8 --am

# accepted_values COMMAND OPTION: the words OPTION accepts, sorted, as the
# program's error message for a bad value names them: "unknown ... 'BAD' ...
# (a, b, c)" or "unknown ... 'BAD': use a, b or c"; nothing for an option
# whose error says something else (a number expected) or that takes any
# value. The trailing --help makes sure nothing runs when a value passes.
accepted_values() {
  local bad=@not-a-value@ message list
  message=$(timeout 10 "$NQSAT" "$1" "$2" "$bad" --help 2>&1 </dev/null >/dev/null | head -1)
  message=${message% (see *}
  [[ $message == *unknown*"'$bad'"* ]] || return 0
  if [[ $message =~ \(([^()]*)\)$ ]]; then
    list=${BASH_REMATCH[1]}
  elif [[ $message =~ :\ use\ (.*)$ ]]; then
    list=${BASH_REMATCH[1]}
  else
    echo "?$message"
    return
  fi
  sed -E 's/,? or /, /g; s/, /\n/g' <<<"$list" | sort -u
}

# Values: for every option that takes one, the words offered must be the
# words the program accepts (none for numbers and names).
for command in $commands; do
  for option in $(help_value_options "$command"); do
    checks=$((checks + 1))
    complete_words "$command" "$option" ""
    offered=$(cat "$WORK/reply")
    accepted=$(accepted_values "$command" "$option")
    if [[ $accepted == "?"* ]]; then
      fail "cannot read the values 'nqsat $command $option' accepts from its error message: '${accepted#?}'"
    elif [ "$offered" != "$accepted" ]; then
      fail "'nqsat $command $option <TAB>' offers '$(echo $offered)', the program accepts '$(echo $accepted)' (edit _nqsat_values in packaging/nqsat.bash)"
    fi
  done
done
expect_completion "pairwise" encode 8 --amo pa
expect_completion "pairwise" encode 8 --amo = pa # --amo=pa: bash splits off the '='
expect_completion "bimander binary" solve 8 --amo b
expect_completion "all" verify --amo a

# Files where a file is expected; nothing where a number is.
touch "$WORK/cwd/queens.cnf" "$WORK/cwd/queens.txt"
expect_completion "queens.cnf queens.txt" encode 8 -o que
expect_completion "queens.cnf queens.txt" check 8 que
expect_completion "queens.cnf queens.txt" solve que
expect_completion "queens.cnf queens.txt" check --instance que
mkdir "$WORK/cwd/queens.d"
expect_completion "queens.d" suite que # DIR: folders only
expect_completion "queens.d" run que
expect_completion "" encode 8 --seed ""
expect_completion "" encode 8 que # N is the only positional argument

# nqsat-mpi, where it was built: its one command, the options of its --help
# (every one offered, none more), and the words of --method and --kernel.
mpi_program=$2/nqsat-mpi
if [ -x "$mpi_program" ]; then
  # Open MPI's plugins leave memory allocated at MPI_Finalize: in the
  # sanitizer build LeakSanitizer would fail nqsat-mpi --help for leaks not
  # ours (as in tests/cli/count_mpi.sh).
  export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0"
  complete_mpi() {
    complete_with _nqsat_mpi "$mpi_program" "$@"
    tr '\n' ' ' <"$WORK/reply" | sed 's/ $//'
  }
  checks=$((checks + 1))
  [ "$(complete -p nqsat-mpi 2>/dev/null)" = "complete -F _nqsat_mpi nqsat-mpi" ] ||
    fail "after sourcing, 'complete -p nqsat-mpi' says '$(complete -p nqsat-mpi 2>&1)'"
  expect_equal "$(complete_mpi co)" "count" "nqsat-mpi co<TAB>"
  expected=$("$mpi_program" --help | grep -E '^ {1,6}-' | sed -E 's/  +[^-].*$//' | grep -oE -- '--?[a-z][a-z-]*' |
    sort -u | tr '\n' ' ' | sed 's/ $//')
  expect_equal "$(complete_mpi count 17 -)" "$expected" "nqsat-mpi count 17 -<TAB>: the options of its --help"
  expect_equal "$(complete_mpi count 17 --method "")" "auto backtrack join" "nqsat-mpi --method <TAB>"
  expect_equal "$(complete_mpi count 17 --kernel "")" "auto rows vector" "nqsat-mpi --kernel <TAB>"
  expect_equal "$(complete_mpi count 17 --isa "")" "auto avx2 avx512 portable" "nqsat-mpi --isa <TAB>"
  expect_equal "$(cd "$WORK/cwd" && complete_mpi count 17 --checkpoint que)" "queens.cnf queens.d queens.txt" \
    "nqsat-mpi --checkpoint <TAB>: files"
  expect_equal "$(complete_mpi count 17 --threads "")" "" "nqsat-mpi --threads <TAB>: a number"
  # The completion reads the options from 'nqsat-mpi --help', which answers
  # without starting MPI: an MPI runtime that cannot start (here an Open MPI
  # point-to-point layer that does not exist; on a loaded machine, a
  # singleton's orted that did not come up) must not empty the completion.
  expect_equal "$(cd "$WORK/cwd" && OMPI_MCA_pml=no-such-layer complete_mpi count 17 --checkpoint que)" \
    "queens.cnf queens.d queens.txt" "nqsat-mpi --checkpoint <TAB> with an MPI runtime that cannot start"
  expect_equal "$(OMPI_MCA_pml=no-such-layer complete_mpi count 17 -)" "$expected" \
    "nqsat-mpi count 17 -<TAB> with an MPI runtime that cannot start"
else
  echo "note: nqsat-mpi not built: its completion is not tested here" >&2
fi
finish
