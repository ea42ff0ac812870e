#!/bin/sh
# Two children that each do a fixed amount of work (about 0.3 s of CPU on an
# idle core) and end; the parent does not wait for them but sleeps until the
# harness kills it at the time limit. Their CPU time must count: the
# harness reaps them (it is a subreaper) and adds what the kernel reports.
for child in 1 2; do
  awk 'BEGIN { for (i = 0; i < 6000000; i++) s += i; exit 0 }' &
done
exec sleep 1000
