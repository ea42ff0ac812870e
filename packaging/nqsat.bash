# bash completion for nqsat; installed as
# share/bash-completion/completions/nqsat, where bash-completion loads it on
# the first <TAB> after "nqsat" (or source it from ~/.bashrc).
#
# Commands and options are read from the program's own --help when <TAB> is
# pressed, so they cannot drift from it: the commands are the lines under
# "commands:" in 'nqsat --help'; a command's options are its help's option
# lines (up to six spaces, then -x or --name; "--name WORD" with one space
# takes a value), plus those of every help it points to as
# 'nqsat COMMAND ... --help' (e.g. 'nqsat solve --method local --help').
# The only list kept here is the words an option accepts (_nqsat_values);
# tests/install/bash_completion.sh compares it with the values each command's
# error message names. See docs/install.md, "Adding a command".

# _nqsat_values COMMAND OPTION: the words OPTION accepts, or status 1.
_nqsat_values() {
  case "$1 $2" in
  "verify --amo" | "suite --encodings") echo "pairwise seq ladder commander product binary bimander all" ;;
  "suite --completion-encoding") echo "pairwise seq ladder commander product binary bimander" ;;
  "suite --formats") echo "cnf opb" ;;
  *" --amo") echo "pairwise seq ladder commander product binary bimander" ;;
  "encode --format") echo "cnf opb mzn col" ;;
  "encode --problem") echo "queens toroidal super colour:K dominate:K dominate-independent:K" ;;
  "encode --model") echo "matrix rows" ;;
  "verify --family") echo "toroidal super colour dominate dominate-independent" ;;
  *" --csp") echo "direct support order log" ;;
  "count --kernel") echo "auto rows vector" ;;
  "count --isa") echo "auto avx512 avx2 portable" ;;
  "count --method") echo "auto backtrack join" ;;
  "solve --method") echo "sat local backtrack" ;;
  "solve --format") echo "plain mcc compact" ;;
  "solve --engine") echo "auto components enumerate native picosat" ;;
  "run --cactus-axis") echo "log linear" ;;
  "run --measure") echo "auto cgroup sample" ;;
  "solve --proof-format") echo "text binary" ;;
  "solve --certificate-proof") echo "lrat drat" ;;
  "check --proof-format") echo "drat lrat" ;;
  *) return 1 ;;
  esac
}

# _nqsat_commands PROGRAM: the command names of 'PROGRAM --help'.
_nqsat_commands() {
  local line in_list=0
  while IFS= read -r line; do
    if [[ $line == "commands:" ]]; then
      in_list=1
    elif ((in_list)); then
      [[ $line =~ ^\ +([a-z][a-z0-9-]*)(\ |$) ]] || break
      echo "${BASH_REMATCH[1]}"
    fi
  done < <("$1" --help 2>/dev/null)
}

# _nqsat_parse_options: reads a help text, prints "NAME VALUE" per option
# name (VALUE is the placeholder of the value it takes, or "-").
_nqsat_parse_options() {
  local line rest value name
  local -a names
  while IFS= read -r line; do
    [[ $line =~ ^\ {1,6}(-.*)$ ]] || continue
    rest=${BASH_REMATCH[1]}
    names=()
    while [[ $rest =~ ^(-[A-Za-z0-9]|--[A-Za-z0-9][A-Za-z0-9-]*)(.*)$ ]]; do
      names+=("${BASH_REMATCH[1]}")
      rest=${BASH_REMATCH[2]}
      [[ $rest == ", -"* ]] || break
      rest=${rest#, }
    done
    value=-
    [[ $rest =~ ^[\ =]([^\ ]+) ]] && value=${BASH_REMATCH[1]}
    for name in "${names[@]}"; do
      echo "$name $value"
    done
  done
}

# _nqsat_read_options PROGRAM COMMAND: sets _nqsat_help to COMMAND's help and
# _nqsat_option_lines to "NAME VALUE" for every option of COMMAND, from its
# help and the helps it points to. Builtins only, past the nqsat calls.
_nqsat_read_options() {
  local program=$1 command=$2 line more text
  local -A seen=()
  _nqsat_option_lines=()
  _nqsat_help=$("$program" "$command" --help 2>/dev/null) || return 0
  mapfile -t -O 0 _nqsat_option_lines < <(_nqsat_parse_options <<<"$_nqsat_help")
  while IFS= read -r line; do
    while [[ $line =~ \'nqsat\ $command\ ([^\']*)--help\'(.*)$ ]]; do
      more=${BASH_REMATCH[1]}
      line=${BASH_REMATCH[2]}
      more=${more% }
      [[ -n $more && -z ${seen[$more]:-} ]] || continue
      seen[$more]=1
      # shellcheck disable=SC2086 # the words between command and --help
      text=$("$program" "$command" $more --help 2>/dev/null)
      mapfile -t -O ${#_nqsat_option_lines[@]} _nqsat_option_lines < <(_nqsat_parse_options <<<"$text")
    done
  done <<<"$_nqsat_help"
}

_nqsat() {
  local cur=${COMP_WORDS[COMP_CWORD]} cword=$COMP_CWORD
  local program=${COMP_WORDS[0]} option="" command
  [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
  COMPREPLY=()

  if ((cword == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "$(_nqsat_commands "$program") help --help --version" \
      -- "$cur")
    return 0
  fi
  command=${COMP_WORDS[1]}

  # The option whose value is being completed: "--amo X", "--amo=X" (bash
  # splits the = off into a word of its own) and "--amo=".
  if [[ $cur == "=" ]]; then
    option=${COMP_WORDS[cword - 1]}
    cur=""
  elif ((cword >= 3)) && [[ ${COMP_WORDS[cword - 1]} == "=" ]]; then
    option=${COMP_WORDS[cword - 2]}
  else
    option=${COMP_WORDS[cword - 1]}
  fi

  local -a _nqsat_option_lines=()
  local _nqsat_help="" entry placeholder="" words names=""
  _nqsat_read_options "$program" "$command"
  for entry in "${_nqsat_option_lines[@]}"; do
    names+="${entry%% *} "
    [[ $option == -* && ${entry%% *} == "$option" ]] && placeholder=${entry#* }
  done
  if [[ -n $placeholder && $placeholder != "-" ]]; then
    if words=$(_nqsat_values "$command" "$option"); then
      mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    elif [[ $placeholder == *FILE* || $placeholder == OUT* ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi

  [[ $cur == -* ]] && {
    mapfile -t COMPREPLY < <(compgen -W "$names" -- "$cur")
    return 0
  }
  # The usage lines' words that no option takes: a FILE means file names,
  # a DIR folder names (nqsat suite DIR, nqsat run DIR).
  local usage
  usage=$(grep "nqsat $command " <<<"$_nqsat_help" | sed -E 's/--?[A-Za-z0-9-]+[ =][A-Z][^] ]*//g')
  if grep -qw FILE <<<"$usage"; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
  elif grep -qw DIR <<<"$usage"; then
    compopt -o filenames 2>/dev/null
    mapfile -t COMPREPLY < <(compgen -d -- "$cur")
  fi
  return 0
}

complete -F _nqsat nqsat

# nqsat-mpi (built with Open MPI: `mpirun -np P nqsat-mpi count N ...`) has
# one command, count; its options come from 'nqsat-mpi --help' (answered
# without starting MPI, so as fast and sure as nqsat's) and their words from
# nqsat count's (the same methods and kernels). bash-completion loads this
# file by the name of the command completed, so it is installed as
# completions/nqsat and, with nqsat-mpi, as completions/nqsat-mpi.
_nqsat_mpi() {
  local cur=${COMP_WORDS[COMP_CWORD]} cword=$COMP_CWORD
  local program=${COMP_WORDS[0]} option=${COMP_WORDS[COMP_CWORD - 1]}
  [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
  COMPREPLY=()
  if ((cword == 1)); then
    mapfile -t COMPREPLY < <(compgen -W "count --help --version" -- "$cur")
    return 0
  fi
  local entry placeholder="" names="" words
  local -a lines
  mapfile -t lines < <("$program" --help 2>/dev/null | _nqsat_parse_options)
  for entry in "${lines[@]}"; do
    names+="${entry%% *} "
    [[ $option == -* && ${entry%% *} == "$option" ]] && placeholder=${entry#* }
  done
  if [[ -n $placeholder && $placeholder != "-" ]]; then
    if words=$(_nqsat_values count "$option"); then
      mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    elif [[ $placeholder == *FILE* ]]; then
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    fi
    return 0
  fi
  [[ $cur == -* ]] && mapfile -t COMPREPLY < <(compgen -W "$names" -- "$cur")
  return 0
}

complete -F _nqsat_mpi nqsat-mpi
