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
  // The assignment after `step` steps, with the counts so far.
  stateAt(step) {
    const value = new Int8Array(this.formula.variables + 1), trail = [], decisions = [];
    const counts = { decide: 0, propagate: 0, conflict: 0, learn: 0 };
    const set = function (literal) {
      value[Math.abs(literal)] = literal > 0 ? 1 : -1;
      trail.push(literal);
    };
    for (let k = 0; k < step; k++) {
      const s = this.steps[k];
      if (s.kind === "decide") {
        decisions.push({ at: trail.length, flipped: false });
        set(s.literal);
      } else if (s.kind === "propagate") {
        set(s.literal);
      } else if (s.kind === "backtrack") {
        while (decisions.length && decisions[decisions.length - 1].flipped)
          decisions.pop();
        const last = decisions[decisions.length - 1];
        for (const undone of trail.splice(last.at))
          value[Math.abs(undone)] = 0;
        last.flipped = true;
        set(s.literal);
      } else if (s.kind === "backjump") {
        for (const undone of trail.splice(decisions[s.level].at))
          value[Math.abs(undone)] = 0;
        decisions.length = s.level;
      }
      if (s.kind in counts)
        counts[s.kind]++;
    }
    return { step: step, value: value, counts: counts, level: decisions.length,
             event: step > 0 ? this.steps[step - 1] : { kind: "start" } };
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
    this.cells = [];
    for (let row = 0; row < this.n; row++) {
      const line = document.createElement("tr"), cells = [];
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
    document.getElementById("sat-next-conflict").addEventListener("click", go(() => {
      const steps = this.replay().steps;
      for (let k = this.step; k < steps.length; k++)
        if (steps[k].kind === "conflict")
          return k + 1;
      return steps.length;
    }));
    document.getElementById("sat-end").addEventListener("click", go(() => this.replay().total));
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
    const queens = [], out = [];
    for (let row = 0; row < this.n; row++)
      for (let column = 0; column < this.n; column++) {
        const cell = this.cells[row][column], shown = board[row][column];
        cell.textContent = shown === "queen" ? "\u265B" : shown === "out" ? "\u00B7" : "";
        cell.classList.toggle("derived-out", shown === "out");
        cell.classList.toggle("in-clause", marked.has(row + "," + column));
        if (shown === "queen")
          queens.push([row, column]);
        if (shown === "out")
          out.push([row, column]);
      }
    document.getElementById("sat-board").setAttribute("aria-label", "the SAT solver's board: queens on " +
      (queens.length ? queens.map((s) => NQ.squareName(this.n, s[0], s[1])).join("; ") : "no square"));
    document.getElementById("sat-position").textContent = "Step " + this.step + " of " + replay.total +
      " on " + formula.option + (replay.recorded.complete ? "" : " (the recording is cut after step " + replay.total +
        ", before the search ends, to keep the page small; the search goes on from there)");
    document.getElementById("sat-event").textContent = this.describe(state);
    const sat = replay.recorded, cells = document.querySelectorAll("#sat-counts td");
    cells[0].textContent = state.counts.decide + " of " + sat.decisions;
    cells[1].textContent = state.counts.propagate + " of " + sat.propagations;
    cells[2].textContent = state.counts.conflict + " of " + sat.conflicts;
    cells[3].textContent = this.mode === "cdcl" ? state.counts.learn + " of " + sat.learned : "\u2013";
    document.getElementById("nq-sat").textContent = ["encoding " + formula.option, "mode " + this.mode,
      "step " + this.step + " of " + replay.total, "event " + e.kind,
      "queens " + NQ.ClauseBoard.squareList(queens), "out " + NQ.ClauseBoard.squareList(out),
      "counts " + state.counts.decide + " " + state.counts.propagate + " " + state.counts.conflict + " " +
        state.counts.learn].join("\n") + "\n";
  }
};
