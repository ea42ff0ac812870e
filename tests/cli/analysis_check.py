#!/usr/bin/env python3
"""Checks the teaching page's conflict analysis (#nq-analysis, one line per
learned clause: "STEP conflict C resolve R1@V1 R2@V2 ... learned LITERALS
back L level K", clauses numbered from 0, learned ones after the
formula's) against the CDCL events the page carries for one encoding,
replayed here without any of nqsat's or the page's code: at each learned
clause, the first clause of the chain is the one the conflict event
named; each resolution is on a variable of the conflict's level whose
reason (the clause that implied it in the events) is the clause named,
and gives the resolvent of the one before and that clause on that
variable (literals of level 0 dropped); the chain ends with one literal
of the conflict's level (the first UIP); the learned clause is the
engine's, and the back-jump level is the engine's and the highest level
among the other literals.

With a fourth argument, the page's trail at the end of the search
("LEVEL:LITERAL/REASON ..." as #nq-sat writes it) must be the trail
replayed here.

usage: analysis_check.py PAGE.html OPTION ANALYSIS.txt [TRAIL]
Prints a summary; exits 1 on the first line that fails."""
import json
import re
import sys

DECIDE, PROPAGATE, CONFLICT, BACKTRACK, DONE, LEARN, BACKJUMP = 1, 2, 3, 4, 5, 6, 7


def fail(text):
    print("FAIL: " + text)
    sys.exit(1)


def main():
    html = open(sys.argv[1]).read()
    data = json.loads(re.search(r'<script type="application/json" id="nq-data">(.*?)</script>',
                                html, re.S).group(1))
    formula = next((f for f in data["formulas"] if f["option"] == sys.argv[2]), None)
    if formula is None:
        fail("no encoding %s in the page" % sys.argv[2])
    clauses, current = [], []
    for number in formula["clauses"]:
        if number:
            current.append(number)
        else:
            clauses.append(current)
            current = []
    # Replay the events: at each LEARN, the trail (literal, level, reason)
    # at the conflict, the conflict clause, the learned clause and the
    # level of the back-jump that follows.
    events, k = formula["cdcl"]["events"], 0
    trail, starts, expected, conflict = [], [], {}, None
    step = 0
    while k < len(events):
        kind = events[k]
        step += 1
        if kind == DECIDE:
            starts.append(len(trail))
            trail.append((events[k + 1], len(starts), -1))
            k += 2
        elif kind == PROPAGATE:
            trail.append((events[k + 1], len(starts), events[k + 2]))
            k += 3
        elif kind == CONFLICT:
            conflict = (events[k + 1], list(trail))
            k += 2
        elif kind == LEARN:
            length = events[k + 1]
            learned = events[k + 2:k + 2 + length]
            k += 2 + length
            clauses.append(learned)
            back = events[k + 1] if k < len(events) and events[k] == BACKJUMP else None
            expected[step] = (conflict, learned, back)
        elif kind == BACKJUMP:
            level = events[k + 1]
            k += 2
            del trail[starts[level]:]
            del starts[level:]
        elif kind == DONE:
            k += 1
        else:
            fail("unexpected event %d in a CDCL recording" % kind)
    lines = [line for line in open(sys.argv[3]).read().splitlines() if line.strip()]
    if len(lines) != len(expected):
        fail("%d analyses on the page, %d learned clauses in the events" % (len(lines), len(expected)))
    resolutions = 0
    for line in lines:
        match = re.match(r"^(\d+) conflict (\d+) resolve (.*) learned (.*) back (\d+) level (\d+)$", line)
        if not match:
            fail("cannot read: " + line)
        at = int(match.group(1))
        if at not in expected:
            fail("step %d is no learned clause: %s" % (at, line))
        (conflict_clause, at_conflict), learned, back = expected[at]
        if int(match.group(2)) != conflict_clause:
            fail("step %d: the chain starts at clause %s, the conflict was clause %d"
                 % (at, match.group(2), conflict_clause))
        info = {abs(lit): (lit, level, reason) for lit, level, reason in at_conflict}
        level = at_conflict[-1][1]
        if int(match.group(6)) != level:
            fail("step %d: conflict level %s, the trail's %d" % (at, match.group(6), level))
        keep = lambda literals: [l for l in literals if info[abs(l)][1] != 0]
        resolvent = set(keep(clauses[conflict_clause]))
        if any(info[abs(l)][0] != -l for l in clauses[conflict_clause]):
            fail("step %d: the conflict clause is not false on the trail" % at)
        for item in match.group(3).split() if match.group(3) != "-" else []:
            clause, variable = map(int, item.split("@"))
            literal, var_level, reason = info[variable]
            if var_level != level or reason != clause or -literal not in resolvent:
                fail("step %d: resolving on %d with clause %d is no step of the analysis" % (at, variable, clause))
            resolvent = (resolvent - {-literal}) | (set(keep(clauses[clause])) - {literal})
            resolutions += 1
        here = [l for l in resolvent if info[abs(l)][1] == level]
        if len(here) != 1:
            fail("step %d: %d literals of the conflict's level left, not one" % (at, len(here)))
        page_learned = sorted(int(x) for x in match.group(4).split())
        if page_learned != sorted(resolvent) or page_learned != sorted(learned):
            fail("step %d: learned %s on the page, %s resolved here, %s by the engine"
                 % (at, page_learned, sorted(resolvent), sorted(learned)))
        others = [info[abs(l)][1] for l in resolvent if info[abs(l)][1] != level]
        if int(match.group(5)) != max(others, default=0) or int(match.group(5)) != back:
            fail("step %d: back-jump to %s on the page, %d by the engine" % (at, match.group(5), back))
    if len(sys.argv) > 4:
        replayed = " ".join("%d:%d/%d" % (level, literal, reason) for literal, level, reason in trail)
        if sys.argv[4].strip() != replayed:
            fail("the page's trail at the end differs from the events': %s / %s"
                 % (sys.argv[4][:200], replayed[:200]))
    print("%s: %d learned clauses, %d resolutions, each checked%s" % (
        sys.argv[2], len(lines), resolutions, "; the trail at the end agrees" if len(sys.argv) > 4 else ""))


main()
