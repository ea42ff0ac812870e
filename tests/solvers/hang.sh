#!/bin/sh
# Never answers (sleep, so no CPU time: only the wall-clock kill ends it).
exec sleep 600
