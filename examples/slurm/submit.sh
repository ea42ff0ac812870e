#!/usr/bin/env bash
# Submits an N-Queens count as a Slurm array of K parts and the merge step
# that waits for them:   bash examples/slurm/submit.sh N K
# First see what it costs: nqsat count N --estimate (CPU time, wall on P cores).
set -euo pipefail
n=${1:?usage: submit.sh N K}
parts=${2:?usage: submit.sh N K}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p parts
array=$(sbatch --parsable --array=0-$((parts - 1)) --export=ALL,N="$n" "$here/count_parts.sbatch")
sbatch --dependency=afterok:"${array%%;*}" --export=ALL,N="$n" "$here/merge.sbatch"
