#!/bin/sh
# picosat after a pause, so a run of the harness can be interrupted midway.
sleep 0.2
exec picosat "$1"
