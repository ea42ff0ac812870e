#!/bin/sh
# picosat after a pause (SLOW_SECONDS, default 0.2), so a run of the
# harness can be interrupted midway.
sleep "${SLOW_SECONDS:-0.2}"
exec picosat "$1"
