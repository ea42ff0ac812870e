#!/bin/sh
# Two children that each hold about 40 MB for two seconds: 80 MB for the
# tree, over a 60 MB limit that neither child alone reaches.
for child in 1 2; do
  awk 'BEGIN { for (i = 0; i < 640; i++) a[i] = sprintf("%65536s", i);
               t = systime(); while (systime() - t < 2); }' &
done
wait
echo "s UNKNOWN"
