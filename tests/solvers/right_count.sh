#!/bin/sh
# The same count as wrong_count.sh, reported right (MCC 2020 style).
count=$(picosat --all -n "$1" | awk '$1 == "s" && $2 == "SOLUTIONS" { print $3 }')
echo "s mc $count"
exit 0
