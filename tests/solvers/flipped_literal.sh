#!/bin/sh
# picosat's model with its first true literal made false: no longer a solution.
# It exits 10 whatever picosat said, so on an unsatisfiable file its exit
# code contradicts its status line (wrong-exit-code).
picosat "$1" | awk '
  /^v / && !done { for (i = 2; i <= NF; i++) if ($i + 0 > 0) { $i = -$i; done = 1; break } }
  { print }'
exit 10
