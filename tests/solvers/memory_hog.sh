#!/bin/sh
# Grows 1 KB at a time until allocation fails under the address-space limit.
# The empty loop spreads the growth over most of a second (about 0.8 s to
# 60 MB), as a real solver's is: the harness samples the address space
# every 10 ms, and a hog that went from 90 % to 100 % of the limit in 3 ms
# (0.09 s in all without the loop) could end between two samples on a busy
# machine and be reported as a crash.
exec awk 'BEGIN { while (1) { a[i++] = sprintf("%1000s", i); for (j = 0; j < 400; j++); } }'
