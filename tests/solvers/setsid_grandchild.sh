#!/bin/sh
# A grandchild that leaves the process group and the session (setsid) and
# would outlive the run: the harness must find it and kill it. Its command
# line carries the test's marker ($NQSAT_TEST_MARKER) so the test can scan
# /proc for it afterwards.
setsid sh -c "exec sleep 300 $NQSAT_TEST_MARKER" </dev/null >/dev/null 2>&1 &
echo "s UNKNOWN"
exit 0
