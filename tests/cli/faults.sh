#!/usr/bin/env bash
# Faults while writing: a full device, a file-size limit, a directory nqsat
# may not write in (even as root), and SIGINT/SIGTERM in the middle of a
# large encode. Each fails with one clear line, exits 1 (130 for a signal),
# and leaves no partial output and no temporary file behind; an existing
# file of the same name stays intact; devices and FIFOs are never renamed
# over.
. "$(dirname "$0")/lib.sh"

# expect_only DIR NAMES...: DIR holds exactly NAMES (no *.tmp.* leftovers).
expect_only() {
  local dir=$1
  shift
  expect_equal "$(ls -A "$dir" | tr '\n' ' ')" "$(printf '%s ' "$@")" "contents of $dir"
}

# expect_error_line CODE REGEX CMD...: exit CODE, one stderr line matching.
expect_error_line() {
  local code=$1 regex=$2
  shift 2
  if expect_exit "$code" "$@"; then
    expect_stderr "$regex"
    expect_equal "$(wc -l <"$WORK/err")" 1 "stderr lines of '$*'"
  fi
}

mkdir "$WORK/dest"
echo precious >"$WORK/dest/keep.cnf"

# A full device, written directly (never renamed over), plain and through
# gzip (a .gz-named symlink to /dev/full).
if [ -w /dev/full ]; then
  expect_error_line 1 "cannot write '/dev/full': No space left" "$NQSAT" encode 40 -o /dev/full
  ln -s /dev/full "$WORK/dest/full.cnf.gz"
  expect_error_line 1 "full.cnf.gz.*No space left" "$NQSAT" encode 40 -o "$WORK/dest/full.cnf.gz"
  checks=$((checks + 2))
  [ -c /dev/full ] || fail "/dev/full is no longer a device"
  [ -L "$WORK/dest/full.cnf.gz" ] || fail "the symlink to /dev/full was replaced"
  rm "$WORK/dest/full.cnf.gz"
  expect_error_line 1 "cannot write '<stdout>'" bash -c "exec \"$NQSAT\" encode 40 >/dev/full"
fi

# A file-size limit (SIGXFSZ is ignored, so write() fails with EFBIG).
for name in keep.cnf new.cnf new.cnf.gz; do
  expect_error_line 1 "$name.*(too large|File too large)" \
    bash -c "ulimit -f 16; exec \"$NQSAT\" encode 60 -o \"$WORK/dest/$name\""
done
expect_equal "$(cat "$WORK/dest/keep.cnf")" precious "existing file after a failed write"
expect_only "$WORK/dest" keep.cnf

# Directories that cannot be written, even as root (the tests run as root,
# where chmod stops nothing): a path whose parent is a regular file, sysfs,
# and a read-only bind mount in a private mount namespace.
echo "not a directory" >"$WORK/plain"
expect_error_line 1 "cannot create '$WORK/plain/q.cnf': Not a directory" \
  "$NQSAT" encode 6 -o "$WORK/plain/q.cnf"
if [ -d /sys/kernel ]; then
  expect_error_line 1 "cannot create '/sys/kernel/q.cnf'" "$NQSAT" encode 6 -o /sys/kernel/q.cnf
fi
if unshare -rm true 2>/dev/null; then
  expect_error_line 1 "keep.cnf': Read-only file system" unshare -rm bash -c \
    "mount --bind \"$WORK/dest\" \"$WORK/dest\" && mount -o remount,ro,bind \"$WORK/dest\" &&
     exec \"$NQSAT\" encode 6 -o \"$WORK/dest/keep.cnf\""
  expect_equal "$(cat "$WORK/dest/keep.cnf")" precious "file in a read-only directory"
elif [ "$(id -u)" -ne 0 ]; then
  chmod 555 "$WORK/dest"
  expect_error_line 1 "keep.cnf': Permission denied" "$NQSAT" encode 6 -o "$WORK/dest/keep.cnf"
  chmod 755 "$WORK/dest"
else
  echo "note: no user namespaces; read-only directory case skipped" >&2
fi
expect_only "$WORK/dest" keep.cnf

# A directory given as the output file.
expect_error_line 1 "cannot open '$WORK/dest': Is a directory" "$NQSAT" encode 6 -o "$WORK/dest"
expect_only "$WORK/dest" keep.cnf

# A symlink to a device is written through, not replaced by a file.
ln -s /dev/null "$WORK/null-link"
expect_exit 0 "$NQSAT" encode 8 -o "$WORK/null-link"
checks=$((checks + 1))
[ -L "$WORK/null-link" ] && [ -c /dev/null ] || fail "symlink to /dev/null replaced"

# A symlink to a regular file (relative, into another directory) stays a
# symlink: the file it points to gets the output, through a temporary file
# in that file's own directory, and nothing is left beside the link.
mkdir -p "$WORK/real" "$WORK/links"
echo old >"$WORK/real/target.cnf"
ln -s ../real/target.cnf "$WORK/links/link.cnf"
expect_exit 0 "$NQSAT" encode 6 -o "$WORK/links/link.cnf"
checks=$((checks + 1))
[ -L "$WORK/links/link.cnf" ] || fail "symlink to a regular file replaced by a file"
"$NQSAT" encode 6 >"$WORK/direct.cnf"
checks=$((checks + 1))
# (the files differ only in the 'c command:' line, which names the output)
cmp -s <(grep -v '^c command:' "$WORK/direct.cnf") <(grep -v '^c command:' "$WORK/real/target.cnf") ||
  fail "the symlink's target did not get the output"
expect_only "$WORK/links" link.cnf
expect_only "$WORK/real" target.cnf

# interrupt SIGNAL TARGET: starts a large encode to TARGET, waits until it
# is writing (the temporary file has data), sends SIGNAL, and expects exit
# 130, one line naming the signal, and nothing left in $WORK/dest but
# keep.cnf. 1500 --amo seq is about 570 MB, several seconds of writing.
interrupt() {
  local signal=$1 target=$2
  "$NQSAT" encode 1500 --amo seq -o "$WORK/dest/$target" 2>"$WORK/err" &
  local pid=$! waited=0
  until [ -n "$(find "$WORK/dest" -name "$target.tmp.*" -size +0 2>/dev/null)" ]; do
    sleep 0.05
    waited=$((waited + 1))
    kill -0 $pid 2>/dev/null || break
    [ $waited -lt 1200 ] || break
  done
  kill -"$signal" $pid
  wait $pid
  local code=$?
  checks=$((checks + 1))
  [ $code -eq 130 ] || fail "encode stopped by SIG$signal exited $code, expected 130"
  expect_stderr "interrupted by SIG$signal; output discarded"
  expect_equal "$(wc -l <"$WORK/err")" 1 "stderr lines after SIG$signal"
  expect_only "$WORK/dest" keep.cnf
}
interrupt INT big.cnf
interrupt TERM big.cnf
interrupt INT big.cnf.gz

# A write blocked on a FIFO nobody reads any more: the holder reads the
# first byte (so nqsat is writing, its handler installed), then sleeps with
# the FIFO open; the signal must interrupt the blocked write.
mkfifo "$WORK/fifo"
{ head -c 1 >"$WORK/first"; exec sleep 60; } <"$WORK/fifo" &
holder=$!
"$NQSAT" encode 200 -o "$WORK/fifo" 2>"$WORK/err" &
pid=$!
for _ in $(seq 600); do
  [ -s "$WORK/first" ] && break
  sleep 0.05
done
sleep 0.2
kill -INT $pid
timeout 20 tail --pid=$pid -f /dev/null
wait $pid
code=$?
kill $holder 2>/dev/null
wait $holder 2>/dev/null
expect_equal "$code" 130 "exit code of an encode blocked on a FIFO, after SIGINT"
expect_stderr "interrupted by SIGINT"
checks=$((checks + 1))
[ -p "$WORK/fifo" ] || fail "the FIFO was replaced"
finish
