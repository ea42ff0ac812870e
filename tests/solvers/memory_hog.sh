#!/bin/sh
# Holds ever more memory without end, a megabyte at a time, for little CPU
# time (perl is in every Debian system: perl-base is essential). Only the
# harness's memory limit (the resident memory of the run's tree, sampled
# every 10 ms) stops it.
exec perl -e 'push @held, "x" x 1048576 while 1'
