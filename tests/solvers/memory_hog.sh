#!/bin/sh
# Grows 1 KB at a time until allocation fails under the address-space limit.
exec awk 'BEGIN { while (1) a[i++] = sprintf("%1000s", i) }'
