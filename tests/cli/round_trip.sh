# Round trip: every output of nqsat solve (N and FILE, every mode), of
# the instances nqsat encode writes (every encoding and model, plain and
# gzip, OPB through minisat+ and MiniZinc through minizinc when installed)
# and of the runs nqsat run records passes nqsat check on its own
# instance. The outputs are nqsat's; whether they are right is checked
# elsewhere against brute force and OEIS (solve_check.sh,
# check_instance_formula.sh, judge_fuzz): here the judge must accept
# nqsat's own answers in every form it prints them.
#
# NQSAT_ROUND_TRIP_KNOWN_FAILING: labels (comma-separated) reported as
# known failures instead of failing the test.
. "$(dirname "$0")/lib.sh"

known_failing=",${NQSAT_ROUND_TRIP_KNOWN_FAILING:-},"
known_seen=""

# accepted LABEL CHECK_ARGS...: nqsat check CHECK_ARGS... exits 0.
accepted() {
  local label=$1
  shift
  checks=$((checks + 1))
  "$NQSAT" check "$@" >"$WORK/check.out" 2>&1
  local code=$?
  [ "$code" -eq 0 ] && return 0
  if [ "${known_failing#*,"$label",}" != "$known_failing" ]; then
    known_seen="$known_seen $label"
    return 0
  fi
  fail "$label: nqsat check $* exited $code: $(grep -v '^correct\|^valid' "$WORK/check.out" | head -c 400)"
}

# ---- solve N, every mode, against check N ----
for n in 1 5 6 8; do
  "$NQSAT" solve "$n" >"$WORK/a.txt" && accepted "solve-N-first" "$n" "$WORK/a.txt"
  "$NQSAT" solve "$n" --all >"$WORK/a.txt" && accepted "solve-N-all" "$n" --complete "$WORK/a.txt"
  "$NQSAT" solve "$n" --all --board >"$WORK/a.txt" && accepted "solve-N-all-board" "$n" "$WORK/a.txt"
  "$NQSAT" solve "$n" --max 3 >"$WORK/a.txt" && accepted "solve-N-max" "$n" "$WORK/a.txt"
  "$NQSAT" solve "$n" --count >"$WORK/a.txt" && accepted "solve-N-count" "$n" "$WORK/a.txt"
  for method in local backtrack; do
    "$NQSAT" solve "$n" --method "$method" >"$WORK/a.txt" 2>/dev/null &&
      accepted "solve-N-$method" "$n" "$WORK/a.txt"
  done
done

# ---- instances: nqsat encode in every encoding and model, a random CNF
# with a projection and an unused variable, and one without ----
instances=""
for amo in pairwise seq ladder commander product binary bimander; do
  "$NQSAT" encode 6 --amo "$amo" -o "$WORK/q6_$amo.cnf"
  instances="$instances q6_$amo.cnf"
done
for csp in direct support order log; do
  "$NQSAT" encode 5 --model rows --csp "$csp" -o "$WORK/rows5_$csp.cnf"
  instances="$instances rows5_$csp.cnf"
done
"$NQSAT" encode 8 --completion 3 --seed 2 -o "$WORK/completion8.cnf"
"$NQSAT" encode 6 --shuffle -o "$WORK/shuffled6.cnf.gz"
instances="$instances completion8.cnf shuffled6.cnf.gz"
random_cnf_declared 7 12 9 30 >"$WORK/random.cnf"
{ echo "c p show 1 2 3 5 8 12 0"; random_cnf_declared 9 12 10 24; } >"$WORK/projected.cnf"
printf 'p cnf 3 2\n1 0\n-1 0\n' >"$WORK/unsat.cnf"
instances="$instances random.cnf projected.cnf unsat.cnf"

# ---- solve FILE, every mode, against check --instance ----
# --count --unique (orbits) and --count --occurring (models over the
# variables in clauses) print numbers that are not model counts by the
# convention, with nothing saying so: no judge can hold them to a claim,
# so they are not in the round trip.
modes=("" "--all" "--max 2" "--count" "--count --format mcc" "--all --format compact"
  "--all --partial" "--count --engine components" "--count --engine enumerate"
  "--count --engine picosat" "--all --engine picosat")
for file in $instances; do
  for mode in "${modes[@]}"; do
    # shellcheck disable=SC2086 # the mode's words are separate options
    "$NQSAT" solve "$WORK/$file" $mode >"$WORK/a.txt" 2>/dev/null
    label="solve-FILE${mode:+ $mode}"
    accepted "${label// /_}" --instance "$WORK/$file" "$WORK/a.txt"
  done
  case $file in q6_*|rows5_*|shuffled6*) ;;
    *) continue ;;
  esac
  "$NQSAT" solve "$WORK/$file" --all --board >"$WORK/a.txt" 2>/dev/null
  accepted "solve-FILE_--all_--board" --instance "$WORK/$file" "$WORK/a.txt"
done

# ---- the other formats encode writes, solved by the tools that read them ----
if command -v minisat+ >/dev/null; then
  "$NQSAT" encode 6 --format opb -o "$WORK/q6.opb"
  timeout 60 minisat+ "$WORK/q6.opb" >"$WORK/a.txt" 2>/dev/null
  accepted "encode-opb-minisat+" --instance "$WORK/q6.opb" "$WORK/a.txt"
fi
if command -v minizinc >/dev/null; then
  "$NQSAT" encode 6 --format mzn -o "$WORK/q6.mzn"
  timeout 60 minizinc --all-solutions "$WORK/q6.mzn" >"$WORK/a.txt" 2>/dev/null
  accepted "encode-mzn-minizinc" 6 "$WORK/a.txt"
fi

# ---- run: the harness's judgement and each recorded answer ----
"$NQSAT" suite "$WORK/suite" --sizes 5,6 --encodings pairwise,seq --formats cnf \
  --completion-sizes 8 --completions 2 >/dev/null
"$NQSAT" run "$WORK/suite" --timeout 20 \
  --solver "first=$NQSAT solve {}" --solver "all=$NQSAT solve {} --all" \
  --solver "count=$NQSAT solve {} --count --format mcc" \
  --solver "compact=$NQSAT solve {} --all --format compact" >"$WORK/run.out" 2>&1
checks=$((checks + 1))
[ -s "$WORK/suite/results.csv" ] || fail "nqsat run wrote no results.csv: $(head -c 300 "$WORK/run.out")"
# results.csv: solver,file,result,...; every run correct.
awk -F, 'NR > 1 && $3 != "correct" { print $1 " on " $2 ": " $3 }' "$WORK/suite/results.csv" \
  >"$WORK/run_wrong.txt"
while IFS= read -r line; do
  label="run-${line%% on *}"
  checks=$((checks + 1))
  if [ "${known_failing#*,"$label",}" != "$known_failing" ]; then
    known_seen="$known_seen $label"
  else
    fail "$label: $line"
  fi
done <"$WORK/run_wrong.txt"

[ -n "$known_seen" ] &&
  echo "known failing (reported, not failed):$(echo "$known_seen" | tr ' ' '\n' | sort -u | tr '\n' ' ')"
finish
