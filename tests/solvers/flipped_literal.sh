#!/bin/sh
# picosat's model with its first true literal made false: no longer a solution.
picosat "$1" | awk '
  /^v / && !done { for (i = 2; i <= NF; i++) if ($i + 0 > 0) { $i = -$i; done = 1; break } }
  { print }'
exit 10
