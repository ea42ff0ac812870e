# verify's memory estimate (what --max-memory checks): a small limit
# refuses N = 14 with a message naming N, the encoding, the estimate and the
# limit; and on verify 12 the estimate is at least the measured peak
# (getrusage's maxrss, through /usr/bin/time) and at most twice it.
. "$(dirname "$0")/lib.sh"

expect_exit 1 "$NQSAT" verify 14 --max-memory 16M
expect_stderr "^nqsat verify: error: verifying N = 14 \(pairwise, A000170\(N\) = 365596\) needs an estimated [0-9.]+ MiB, more than the memory limit of 16.0 MiB \(raise it with --max-memory\)"

# kib_estimated ARGS...: the estimate (KiB) verify ARGS states when refused.
kib_estimated() {
  "$NQSAT" verify "$@" --max-memory 1K 2>&1 |
    awk '{ for (i = 1; i < NF; i++) if ($i == "estimated") {
             v = $(i + 1); u = $(i + 2)
             print int(v * (u ~ /^KiB/ ? 1 : u ~ /^MiB/ ? 1024 : 1048576)) } }'
}

if grep -aq __asan_init "$NQSAT"; then
  echo "skipped: the peak against the estimate (AddressSanitizer's shadow memory is no part of it)"
elif [ -x /usr/bin/time ]; then
  for amo in pairwise seq; do
    estimate=$(kib_estimated 12 --amo "$amo" --threads 2)
    /usr/bin/time -f '%M' -o "$WORK/peak" "$NQSAT" verify 12 --amo "$amo" --threads 2 >"$WORK/out" 2>"$WORK/err"
    peak=$(tail -n 1 "$WORK/peak")
    checks=$((checks + 1))
    if [ -z "$estimate" ] || [ "$estimate" -lt "$peak" ] || [ "$estimate" -gt $((2 * peak)) ]; then
      fail "verify 12 --amo $amo: estimate ${estimate:-none} KiB, measured peak $peak KiB (expected within 1x..2x)"
    else
      echo "verify 12 --amo $amo: estimate $estimate KiB, peak $peak KiB"
    fi
  done
else
  echo "skipped: the peak against the estimate (/usr/bin/time not installed)"
fi

finish
