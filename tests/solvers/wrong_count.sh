#!/bin/sh
# A model counter one model off: picosat enumerates every model (on a
# parsimonious file these are the boards), and this script reports one more,
# MCC 2021 style.
count=$(picosat --all -n "$1" | awk '$1 == "s" && $2 == "SOLUTIONS" { print $3 }')
echo "s SATISFIABLE"
echo "c s type mc"
echo "c s exact arb int $((count + 1))"
exit 0
