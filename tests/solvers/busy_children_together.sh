#!/bin/sh
# Two children that each do a fixed amount of work in their own process
# (a bash loop, BUSY_LOOPS iterations, default 600,000: about 1.3 s of CPU
# on an idle core), then stay alive, idle, until both are done and half a
# second more; the parent waits for them and answers `s UNKNOWN`.
#
# For comparing with runlim, which adds up the CPU time of the processes
# alive at each of its samples (every 100 ms) and forgets a process once it
# has ended: lingering together, both children are seen with all their
# work by at least one sample, so runlim's figure is exact to its sampling
# resolution and can be held against nqsat's. (busy_children.sh, whose
# children end at once, is the case runlim cannot measure.)
# With $BUSY_REPORT set, each child appends its own CPU time to that file
# (bash's `times`, from the kernel, no fork: two lines, the first "0m1.234s
# 0m0.012s", user and system of the child itself).
dir=$(mktemp -d "${TMPDIR:-/tmp}/busy-together.XXXXXX")
mkfifo "$dir/fifo"
for child in 1 2; do
  bash -c '
    for ((i = 0; i < ${BUSY_LOOPS:-600000}; i++)); do :; done
    : >"$0/done.$1"
    exec 3<>"$0/fifo"                 # never written: read -t only waits
    until [ -e "$0/done.1" ] && [ -e "$0/done.2" ]; do read -r -t 0.05 -u 3 || :; done
    read -r -t 0.5 -u 3 || :
    # `times` is a builtin: redirected, it runs in this process (in $(...)
    # it would report a subshell).
    [ -z "$BUSY_REPORT" ] || times >>"$BUSY_REPORT"
' "$dir" $child &
done
wait
rm -rf "$dir"
echo "s UNKNOWN"
