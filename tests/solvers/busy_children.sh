#!/bin/sh
# Two children that each do a fixed amount of work (about 0.3 s of CPU on an
# idle core) and end; the parent does not wait for them but sleeps until the
# harness kills it at the time limit. Their CPU time must count: the
# harness reaps them (it is a subreaper) and adds what the kernel reports.
# With $BUSY_REPORT set, each child's own CPU time (bash's `time`: user and
# system, from the kernel) is appended to that file, so a test can compare.
for child in 1 2; do
  bash -c 'TIMEFORMAT="%3U %3S"; { time awk "BEGIN { for (i = 0; i < 6000000; i++) s += i }"; } 2>>"${BUSY_REPORT:-/dev/null}"' &
done
exec sleep 1000
