"""Sends a run of `nqsat solve FILE --count` two stop signals microseconds
apart, the way `timeout` and most harnesses do (one to the process, one to
its process group), many times, and checks that every run ends with its
status line within the bound.

usage: signal_pairs.py NQSAT FILE RUNS BOUND_MS

Each run starts in a session of its own (its group holds only nqsat), and
the signals are sent only once nqsat catches SIGTERM (SigCgt in
/proc/PID/status): before that the default action is the right one. The
pair is SIGTERM then SIGTERM, or a mix with SIGINT, 0 to 100 us apart, at a
random moment of the first 0.2 s of the search, on each engine and output
format in turn. The status line: 'N (incomplete: interrupted)' (a partial
count, a lower bound) in the plain format, 's UNKNOWN' in the mcc one;
exit 130."""
import os
import random
import re
import signal
import subprocess
import sys
import time

nqsat, path, runs, bound_ms = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
variants = [
    ([], re.compile(rb"^[0-9]+ \(incomplete: interrupted\)\n$")),
    (["--format", "mcc"], re.compile(rb"^s UNKNOWN\n(c o .*\n)*$")),
    (["--engine", "components"], re.compile(rb"^[0-9]+ \(incomplete: interrupted\)\n$")),
    (["--engine", "enumerate", "--format", "mcc"], re.compile(rb"^s UNKNOWN\n(c o .*\n)*$")),
]
pairs = [(signal.SIGTERM, signal.SIGTERM)] * 3 + [
    (signal.SIGINT, signal.SIGTERM),
    (signal.SIGTERM, signal.SIGINT),
]


def catches_sigterm(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("SigCgt:"):
                    return (int(line.split()[1], 16) >> (signal.SIGTERM - 1)) & 1
    except OSError:
        return True  # it has ended: communicate() tells
    return False


failures = 0
random.seed(int(os.environ.get("SIGNAL_PAIRS_SEED", "41")))
for run in range(runs):
    extra, status_line = variants[run % len(variants)]
    first, second = pairs[run % len(pairs)]
    process = subprocess.Popen([nqsat, "solve", path, "--count"] + extra, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, start_new_session=True)
    while not catches_sigterm(process.pid):
        time.sleep(0.0002)
    time.sleep(random.uniform(0, 0.2))
    gap = random.uniform(0, 100e-6)
    os.kill(process.pid, first)
    until = time.perf_counter() + gap
    while time.perf_counter() < until:
        pass
    try:
        os.killpg(process.pid, second)
    except ProcessLookupError:
        pass
    sent = time.monotonic()
    out, err = process.communicate()
    elapsed_ms = (time.monotonic() - sent) * 1000
    what = f"run {run} ({' '.join(extra) or 'auto'}, {first.name} + {second.name} {gap * 1e6:.0f} us apart)"
    if process.returncode != 130 or not status_line.match(out):
        failures += 1
        print(f"FAIL: {what}: exit {process.returncode}, stdout {out[:200]!r}, "
              f"stderr {err[:200]!r}", file=sys.stderr)
    elif elapsed_ms > bound_ms:
        failures += 1
        print(f"FAIL: {what}: ended {elapsed_ms:.0f} ms after the signals (bound {bound_ms} ms)",
              file=sys.stderr)
print(f"{runs} runs stopped by two signals, {failures} failed")
sys.exit(1 if failures else 0)
