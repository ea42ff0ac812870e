"use strict";
// The SAT solver's search beside the backtracking search: the DPLL run
// nqsat recorded on the chosen encoding's clauses (teach/teach_dpll.c; the
// events are data, replayed here, never searched again), step by step on
// a board of its own, with the clause behind each propagated literal and
// each conflict, and its counts next to the backtracking search's.
NQ.SatReplay = class {
  // `mode`: "sat" (DPLL) or "cdcl" (with clause learning).
  constructor(formula, mode) {
    this.formula = formula;
    this.recorded = formula[mode];
    this.learned = []; // the learned clauses, numbered after the formula's
    const events = this.recorded.events, steps = [];
    for (let k = 0; k < events.length;) {
      const kind = events[k];
      if (kind === 1) steps.push({ kind: "decide", literal: events[k + 1] }), k += 2;
      else if (kind === 2) steps.push({ kind: "propagate", literal: events[k + 1], clause: events[k + 2] }), k += 3;
      else if (kind === 3) steps.push({ kind: "conflict", clause: events[k + 1] }), k += 2;
      else if (kind === 4) steps.push({ kind: "backtrack", literal: events[k + 1] }), k += 2;
      else if (kind === 5) steps.push({ kind: "done" }), k += 1;
      else if (kind === 6) {
        const clause = events.slice(k + 2, k + 2 + events[k + 1]);
        steps.push({ kind: "learn", clause: formula.clauses.length + this.learned.length });
        this.learned.push(clause);
        k += 2 + clause.length;
      } else if (kind === 7) steps.push({ kind: "backjump", level: events[k + 1] }), k += 2;
      else throw new Error(formula.option + ": unknown SAT event " + kind);
    }
    this.steps = steps;
    this.total = steps.length;
  }
  // Clause i: the formula's, or a learned one.
  clause(i) {
    return i < this.formula.clauses.length ? this.formula.clauses[i] : this.learned[i - this.formula.clauses.length];
  }
  // The assignment after `step` steps, with the counts so far and the
  // trail: each literal set, its decision level and its reason (the
  // clause that implied it; -1 for a decision, -2 for a decision flipped
  // by DPLL's backtracking).
  stateAt(step) {
    const value = new Int8Array(this.formula.variables + 1), trail = [], decisions = [];
    const counts = { decide: 0, propagate: 0, conflict: 0, learn: 0 };
    const set = function (literal, reason) {
      value[Math.abs(literal)] = literal > 0 ? 1 : -1;
      trail.push({ literal: literal, level: decisions.length, reason: reason });
    };
    let conflictTrail = null, conflictClause = -1;
    for (let k = 0; k < step; k++) {
      const s = this.steps[k];
      if (s.kind === "decide") {
        decisions.push({ at: trail.length, flipped: false });
        set(s.literal, -1);
      } else if (s.kind === "propagate") {
        set(s.literal, s.clause);
      } else if (s.kind === "conflict") {
        conflictTrail = trail.slice();
        conflictClause = s.clause;
      } else if (s.kind === "backtrack") {
        while (decisions.length && decisions[decisions.length - 1].flipped)
          decisions.pop();
        const last = decisions[decisions.length - 1];
        for (const undone of trail.splice(last.at))
          value[Math.abs(undone.literal)] = 0;
        last.flipped = true;
        set(s.literal, -2);
      } else if (s.kind === "backjump") {
        for (const undone of trail.splice(decisions[s.level].at))
          value[Math.abs(undone.literal)] = 0;
        decisions.length = s.level;
      }
      if (s.kind in counts)
        counts[s.kind]++;
    }
    return { step: step, value: value, counts: counts, level: decisions.length, trail: trail,
             conflictTrail: conflictTrail, conflictClause: conflictClause,
             event: step > 0 ? this.steps[step - 1] : { kind: "start" } };
  }
  // Conflict analysis as a chain of resolutions (the textbook's first
  // UIP, Marques-Silva & Sakallah 1999): from the false clause, resolve
  // on the latest literal of the conflict's level with its reason until
  // one literal of that level is left; literals of level 0 are dropped
  // (false for good). Worked out here from the trail at the conflict, then
  // compared with the clause the engine learned. Returns { steps:
  // [{ clause, pivot, resolvent }], learned, level (the conflict's), back
  // (the level to jump back to), agrees }.
  analysis(state) {
    const trail = state.conflictTrail, levelOf = new Map(), position = new Map();
    trail.forEach(function (entry, i) {
      levelOf.set(Math.abs(entry.literal), entry.level);
      position.set(Math.abs(entry.literal), i);
    });
    const level = trail.length ? trail[trail.length - 1].level : 0;
    const keep = (literals) => literals.filter((l) => levelOf.get(Math.abs(l)) !== 0);
    let resolvent = keep(this.clause(state.conflictClause));
    const steps = [{ clause: state.conflictClause, pivot: 0, resolvent: resolvent }];
    for (;;) {
      const here = resolvent.filter((l) => levelOf.get(Math.abs(l)) === level);
      if (here.length <= 1)
        break;
      let latest = here[0];
      for (const l of here)
        if (position.get(Math.abs(l)) > position.get(Math.abs(latest)))
          latest = l;
      const entry = trail[position.get(Math.abs(latest))];
      if (entry.reason < 0)
        break; // a decision: cannot happen while another literal of its level is there
      const reason = this.clause(entry.reason), variable = Math.abs(latest);
      const merged = resolvent.filter((l) => Math.abs(l) !== variable);
      for (const l of keep(reason))
        if (Math.abs(l) !== variable && !merged.includes(l))
          merged.push(l);
      resolvent = merged;
      steps.push({ clause: entry.reason, pivot: variable, resolvent: resolvent });
    }
    let back = 0;
    for (const l of resolvent)
      if (levelOf.get(Math.abs(l)) !== level)
        back = Math.max(back, levelOf.get(Math.abs(l)));
    const recorded = this.clause(state.event.clause).slice().sort((a, b) => a - b).join(" ");
    const learned = resolvent.slice().sort((a, b) => a - b);
    return { steps: steps, learned: learned, level: level, back: back,
             agrees: learned.join(" ") === recorded };
  }
};

NQ.SatView = class {
  constructor(data, clauseBoard) {
    this.data = data;
    this.n = data.n;
    this.clauseBoard = clauseBoard;
    this.replays = {
      sat: clauseBoard.formulas.map(function (f) { return new NQ.SatReplay(f, "sat"); }),
      cdcl: clauseBoard.formulas.map(function (f) { return new NQ.SatReplay(f, "cdcl"); }),
    };
    this.mode = "sat";
    for (const radio of document.querySelectorAll("input[name=sat-mode]"))
      radio.addEventListener("change", () => { this.mode = radio.value; this.go(0); });
    this.step = 0;
    const grid = document.getElementById("sat-board");
    NQ.labelColumns(grid, this.n);
    this.cells = [];
    for (let row = 0; row < this.n; row++) {
      const line = document.createElement("tr"), cells = [];
      line.appendChild(NQ.rowLabel(row));
      for (let column = 0; column < this.n; column++) {
        const cell = document.createElement("td");
        cell.className = (row + column) % 2 ? "dark" : "light";
        line.appendChild(cell);
        cells.push(cell);
      }
      grid.appendChild(line);
      this.cells.push(cells);
    }
    const go = (to) => () => this.go(to());
    document.getElementById("sat-start").addEventListener("click", go(() => 0));
    document.getElementById("sat-back").addEventListener("click", go(() => this.step - 1));
    document.getElementById("sat-step").addEventListener("click", go(() => this.step + 1));
    document.getElementById("sat-next-conflict").addEventListener("click", go(() => this.nextConflict()));
    document.getElementById("sat-end").addEventListener("click", go(() => this.replay().total));
    // Keys on the SAT board and its buttons (not on the radio buttons,
    // whose arrows choose the solver, nor a button's own Enter and space).
    document.getElementById("sat-tools").addEventListener("keydown", (event) => this.key(event));
  }
  key(event) {
    const target = event.target;
    if (target.tagName === "INPUT" || target.tagName === "SELECT" || event.altKey || event.ctrlKey || event.metaKey)
      return;
    const actions = {
      ArrowRight: () => this.step + 1, ArrowLeft: () => this.step - 1, Home: () => 0,
      End: () => this.replay().total,
      c: () => this.nextConflict(), C: () => this.nextConflict(),
    };
    if (!actions[event.key])
      return;
    event.preventDefault();
    event.stopPropagation();
    this.go(actions[event.key]());
  }
  nextConflict() {
    const steps = this.replay().steps;
    for (let k = this.step; k < steps.length; k++)
      if (steps[k].kind === "conflict")
        return k + 1;
    return steps.length;
  }
  replay() {
    return this.replays[this.mode][this.clauseBoard.chosen];
  }
  setMode(mode) {
    this.mode = mode === "cdcl" ? "cdcl" : "sat";
    for (const radio of document.querySelectorAll("input[name=sat-mode]"))
      radio.checked = radio.value === this.mode;
  }
  describe(state) {
    const replay = this.replay(), formula = replay.formula, e = state.event;
    const text = (i) => replay.clause(i).join(" ") + " 0";
    const words = (i) => i < formula.clauses.length ? ", " + this.clauseBoard.clauseWords(formula, i) :
      ", learned (" + replay.clause(i).map((l) => formula.literalText(l)).join(" \u2228 ") + ")";
    switch (e.kind) {
    case "start": return "No variable set yet. Unit propagation first, then a decision.";
    case "decide": return "Decision (level " + state.level + "): " + formula.literalText(Math.abs(e.literal)) +
      " set " + (e.literal > 0 ? "true" : "false") + ". " + formula.literalText(Math.abs(e.literal)) + " means " +
      formula.meaning(Math.abs(e.literal)).replace(/^[^:]*: /, "") + ".";
    case "propagate": return "Unit propagation: " + formula.literalText(e.literal) + ", the last literal left in clause " +
      (e.clause + 1) + ": " + text(e.clause) + words(e.clause) + ".";
    case "conflict": return "Conflict: every literal of clause " + (e.clause + 1) + " is false: " +
      text(e.clause) + words(e.clause) + ".";
    case "learn": return "Learned clause " + (e.clause + 1) + ": " + text(e.clause) + words(e.clause) +
      ", resolved from the conflict clause and the reasons of this level's literals until one of them is left " +
      "(the first unique implication point).";
    case "backjump": return "Back to decision level " + e.level + ", where the learned clause has one literal left.";
    case "backtrack": return "Backtrack: the latest decision not yet tried both ways is undone, with all that " +
      "followed it, and " + formula.literalText(e.literal) + " set instead.";
    default: {
      if (replay.recorded.solved) {
        let unset = 0;
        for (let v = formula.names.length + 1; v <= formula.variables; v++)
          if (!state.value[v])
            unset++;
        return "Every clause satisfied: a solution." + (unset ? " The " + unset + " auxiliary variable" +
          (unset === 1 ? "" : "s") + " still unset say nothing about the board: taken false, every clause " +
          "still holds, so the search spends no decision on them." : "");
      }
      return this.mode === "cdcl" ?
        "A conflict at decision level 0, with no decision to undo: the clauses (with the learned ones, " +
          "all implied by them) contradict each other, so the board has no solution." :
        "No decision left to try the other way: every branch ended in a conflict, so the board has no solution.";
    }
    }
  }
  go(step) {
    const replay = this.replay(), formula = replay.formula;
    this.step = Math.max(0, Math.min(replay.total, Math.floor(step) || 0));
    const state = replay.stateAt(this.step), board = formula.squaresAfter(state.value);
    const e = state.event, marked = new Set();
    if (e.clause !== undefined) {
      const variables = new Set(replay.clause(e.clause).map(Math.abs));
      for (let r = 0; r < this.n; r++)
        for (let c = 0; c < this.n; c++)
          if (formula.squareClause(r, c).some(function (l) { return variables.has(Math.abs(l)); }))
            marked.add(r + "," + c);
    }
    // A queen is decided when one of the literals that put it there is a
    // decision, implied otherwise.
    const decided = new Set();
    for (const entry of state.trail)
      if (entry.reason < 0)
        decided.add(entry.literal);
    const queens = [], out = [], decidedQueens = [];
    for (let row = 0; row < this.n; row++)
      for (let column = 0; column < this.n; column++) {
        const cell = this.cells[row][column], shown = board[row][column];
        const byDecision = shown === "queen" && formula.queenLiterals(row, column).some((l) => decided.has(l));
        cell.textContent = shown === "queen" ? (byDecision ? "\u265B" : "\u265B\u2032") : shown === "out" ? "\u00B7" : "";
        cell.classList.toggle("derived-out", shown === "out");
        cell.classList.toggle("sat-decided", byDecision);
        cell.classList.toggle("in-clause", marked.has(row + "," + column));
        if (shown === "queen")
          queens.push([row, column]);
        if (byDecision)
          decidedQueens.push([row, column]);
        if (shown === "out")
          out.push([row, column]);
      }
    document.getElementById("sat-board").setAttribute("aria-label", "the SAT solver's board: " +
      (queens.length ? queens.map((q) => NQ.squareName(this.n, q[0], q[1]) + (decidedQueens.some((d) =>
        d[0] === q[0] && d[1] === q[1]) ? " (decided)" : " (implied)")).join("; ") : "no queen") +
      (marked.size ? "; the clause of this step spans " + marked.size + " squares" : ""));
    document.getElementById("sat-position").textContent = "Step " + this.step + " of " + replay.total +
      " on " + formula.option + (replay.recorded.complete ? "" : " (the recording is cut after step " + replay.total +
        ", before the search ends, to keep the page small; the search goes on from there)");
    document.getElementById("sat-event").textContent = this.describe(state);
    const sat = replay.recorded, cells = document.querySelectorAll("#sat-counts tbody td");
    cells[0].textContent = state.counts.decide + " of " + sat.decisions;
    cells[1].textContent = state.counts.propagate + " of " + sat.propagations;
    cells[2].textContent = state.counts.conflict + " of " + sat.conflicts;
    cells[3].textContent = this.mode === "cdcl" ? state.counts.learn + " of " + sat.learned : "\u2013";
    this.renderTrail(state);
    this.renderAuxiliaries(state);
    const analysis = e.kind === "learn" ? this.renderAnalysis(state) : null;
    document.getElementById("sat-analysis").hidden = !analysis;
    document.getElementById("nq-sat").textContent = ["encoding " + formula.option, "mode " + this.mode,
      "step " + this.step + " of " + replay.total, "event " + e.kind,
      "queens " + NQ.ClauseBoard.squareList(queens), "decided " + NQ.ClauseBoard.squareList(decidedQueens),
      "out " + NQ.ClauseBoard.squareList(out),
      "counts " + state.counts.decide + " " + state.counts.propagate + " " + state.counts.conflict + " " +
        state.counts.learn,
      "trail " + (state.trail.map((t) => t.level + ":" + t.literal + "/" + t.reason).join(" ") || "-"),
      "analysis " + (analysis ? analysis.steps.map((a) => a.clause + "@" + a.pivot).join(" ") + " learned " +
        analysis.learned.join(" ") + " back " + analysis.back + (analysis.agrees ? " agrees" : " differs") : "-")
    ].join("\n") + "\n";
  }
  // The trail as one item per decision level: the decision first (bold,
  // marked with a diamond), then what it implied, each with its reason.
  renderTrail(state) {
    const formula = this.replay().formula, list = document.getElementById("sat-trail"), items = [];
    let item = null, implied = null;
    const open = (level) => {
      item = document.createElement("li");
      item.className = "level";
      implied = document.createElement("ul");
      items.push(item);
      return item;
    };
    for (const entry of state.trail) {
      if (!item || entry.reason < 0) {
        open(entry.level);
        const head = document.createElement("span");
        if (entry.reason < 0) {
          head.className = "decided";
          head.textContent = "level " + entry.level + ": \u25C6 decided " + formula.literalText(entry.literal) +
            (entry.reason === -2 ? " (the decision tried the other way)" : "");
        } else {
          head.textContent = "level 0: before any decision";
        }
        item.appendChild(head);
        item.appendChild(implied);
        if (entry.reason < 0)
          continue;
      }
      const line = document.createElement("li");
      line.textContent = formula.literalText(entry.literal) + " \u21D0 clause " + (entry.reason + 1) + ": (" +
        this.replay().clause(entry.reason).map((l) => formula.literalText(l)).join(" \u2228 ") + ")";
      implied.appendChild(line);
    }
    if (!items.length) {
      const none = document.createElement("li");
      none.textContent = "nothing set yet";
      items.push(none);
    }
    list.replaceChildren.apply(list, items);
    list.scrollTop = list.scrollHeight;
  }
  // The auxiliary variables set so far, each with its value and meaning.
  renderAuxiliaries(state) {
    const formula = this.replay().formula, list = document.getElementById("sat-aux"), items = [];
    for (let v = formula.names.length + 1; v <= formula.variables; v++)
      if (state.value[v]) {
        const item = document.createElement("li");
        item.textContent = formula.literalText(v) + " (variable " + v + ") = " +
          (state.value[v] > 0 ? "true" : "false") + ": " + formula.meaning(v).replace(/^[^:]*: /, "");
        items.push(item);
      }
    if (!items.length) {
      const none = document.createElement("li");
      none.textContent = formula.variables > formula.names.length ? "none set yet" :
        "this encoding has no auxiliary variables";
      items.push(none);
    }
    list.replaceChildren.apply(list, items);
  }
  // The conflict analysis behind a learned clause, step by step.
  renderAnalysis(state) {
    const replay = this.replay(), formula = replay.formula, analysis = replay.analysis(state);
    const words = (literals) => "(" + literals.map((l) => formula.literalText(l)).join(" \u2228 ") + ")";
    const box = document.getElementById("sat-analysis"), parts = [];
    const heading = document.createElement("p");
    heading.textContent = "Conflict analysis at decision level " + analysis.level + ", step by step:";
    parts.push(heading);
    const steps = document.createElement("ol");
    analysis.steps.forEach((a, i) => {
      const item = document.createElement("li");
      item.textContent = i === 0 ? "the false clause " + (a.clause + 1) + ": " + words(a.resolvent) :
        "resolve on " + formula.literalText(a.pivot) + " with its reason, clause " + (a.clause + 1) + " " +
        words(replay.clause(a.clause)) + ": " + words(a.resolvent);
      steps.appendChild(item);
    });
    parts.push(steps);
    const end = document.createElement("p");
    end.textContent = "One literal of level " + analysis.level + " is left: the first unique implication point. " +
      "Learned " + words(this.replay().clause(state.event.clause)) + "; back-jump to level " + analysis.back +
      (analysis.back ? ", the highest level among its other literals," : " (no other literal, or only level-0 ones),") +
      " where it has one literal left and propagates it.";
    parts.push(end);
    if (!analysis.agrees)
      NQ.recordError("conflict analysis at step " + state.step + " does not give the clause the engine learned");
    const next = replay.steps[state.step];
    if (next && next.kind === "backjump" && next.level !== analysis.back)
      NQ.recordError("conflict analysis at step " + state.step + ": back-jump level " + analysis.back +
        ", the engine's " + next.level);
    box.replaceChildren.apply(box, parts);
    return analysis;
  }
  // "analysis=all": every learned clause of the shown search, as the page
  // analyses it, into #nq-analysis: "STEP conflict C resolve R1@V1 ...
  // learned LITERALS back L" (clauses from 0), for the browser test to
  // check each resolution against the clauses.
  probeAnalyses() {
    const replay = this.replay(), lines = [];
    replay.steps.forEach((s, k) => {
      if (s.kind !== "learn")
        return;
      const state = replay.stateAt(k + 1), a = replay.analysis(state);
      lines.push((k + 1) + " conflict " + state.conflictClause + " resolve " +
        (a.steps.slice(1).map((r) => r.clause + "@" + r.pivot).join(" ") || "-") + " learned " +
        a.learned.join(" ") + " back " + a.back + " level " + a.level);
    });
    document.getElementById("nq-analysis").textContent = lines.join("\n") + "\n";
  }
};
