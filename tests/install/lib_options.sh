# Helpers for the man page and completion tests: the commands and options
# nqsat's --help declares, and the options a man page documents. Source it
# after tests/cli/lib.sh ($NQSAT is the binary).
#
# The rules (docs/install.md, "Adding a command"):
# - commands: the lines under "commands:" in 'nqsat --help', up to the
#   first line that is not "  NAME  summary";
# - options: every line of a help text that starts with one to six spaces
#   and a dash; its leading "-x", "--name" (comma-separated) are the option
#   names. A command's options come from 'nqsat COMMAND --help' and from every
#   help it points to as 'nqsat COMMAND ... --help';
# - a man page documents the options named in the tag line of each .TP
#   paragraph of its OPTIONS section (subsections included).

# help_commands: the command names, one per line.
help_commands() {
  "$NQSAT" --help | awk '/^commands:$/ { listing = 1; next }
    listing && /^  +[a-z][a-z0-9-]*( |$)/ { print $1; next }
    listing { exit }'
}

# option_names_of_help: reads a help text, prints its option names.
option_names_of_help() {
  grep -E '^ {1,6}-' | sed -E 's/^ +//' | awk '{
    text = $0
    while (match(text, /^(--[A-Za-z0-9][A-Za-z0-9-]*|-[A-Za-z0-9])/)) {
      print substr(text, 1, RLENGTH)
      text = substr(text, RLENGTH + 1)
      if (substr(text, 1, 3) !~ /^, -/) break
      text = substr(text, 3)
    }
  }'
}

# help_texts COMMAND: the help of COMMAND and of every help it points to
# ("" for the top-level help); read once per test.
help_texts() {
  local command=$1 help more cache=$WORK/help-texts.${1:-nqsat}
  if [ -f "$cache" ]; then
    cat "$cache"
    return
  fi
  _help_texts "$command" >"$cache.tmp" && mv "$cache.tmp" "$cache" && cat "$cache"
}
_help_texts() {
  local command=$1 help more
  if [ -z "$command" ]; then
    "$NQSAT" --help
    return
  fi
  help=$("$NQSAT" "$command" --help) || { echo "help_texts: 'nqsat $command --help' failed" >&2; return 1; }
  printf '%s\n' "$help"
  printf '%s\n' "$help" | grep -o "'nqsat $command [^']*--help'" |
    sed "s/^'nqsat $command //; s/ *--help'\$//" | sort -u |
    while read -r more; do
      [ -n "$more" ] || continue
      # shellcheck disable=SC2086 # the words between the command and --help
      "$NQSAT" "$command" $more --help
    done
}

# help_value_options COMMAND: the long options of COMMAND that take a value
# ("--name WORD" with one space on the option line), sorted.
help_value_options() {
  help_texts "$1" | grep -E '^ {1,6}(-[A-Za-z0-9], )?--[A-Za-z0-9][A-Za-z0-9-]* [^ ]' |
    sed -E 's/^ +(-[A-Za-z0-9], )?//; s/ .*//' | sort -u
}

# help_options COMMAND: the option names of COMMAND, sorted, once each.
help_options() {
  help_texts "$1" | option_names_of_help | sort -u
}

# man_options PAGE: the option names the man page source documents, sorted.
man_options() {
  awk '/^\.SH/ { in_options = ($0 ~ /^\.SH +"?OPTIONS"?$/); tag = 0; next }
    in_options && /^\.TP/ { tag = 1; next }
    tag { print; tag = 0 }' "$1" |
    sed -E 's/\\f[BIRP]//g; s/\\-/-/g; s/"//g; s/^\.[A-Z]+ //' |
    grep -oE '(^|[][ ,|])--?[A-Za-z0-9][A-Za-z0-9-]*' | sed -E 's/^[][ ,|]//' | sort -u
}

# man_sections PAGE: the .SH headings of a man page source.
man_sections() {
  sed -nE 's/^\.SH +"?([^"]*)"?$/\1/p' "$1"
}
