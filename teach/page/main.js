"use strict";
// The page: nqsat's data (#nq-data), the two replays, the board, the panels
// and the controls; and #nq-state, a plain-text record of what is shown
// (read by the browser test, hidden from readers).
NQ.Page = class {
  constructor(data) {
    this.data = data;
    this.replays = { bt: new NQ.Replay(data.n, data.modes.bt.steps),
                     fc: new NQ.Replay(data.n, data.modes.fc.steps) };
    this.mode = "bt";
    this.step = 0;
    this.board = new NQ.BoardView(data.n, data.board.square, data.board.x, data.board.y);
    this.panels = new NQ.Panels(data, this.replays);
    this.clauseBoard = new NQ.ClauseBoard(data);
    this.satView = new NQ.SatView(data, this.clauseBoard);
    this.clauseBoard.onEncoding = () => this.satView.go(0);
    this.controls = new NQ.Controls(this);
    this.slider = document.getElementById("slider");
  }
  replay() {
    return this.replays[this.mode];
  }
  setMode(mode, keepStep) {
    for (const radio of document.querySelectorAll("input[name=mode]"))
      radio.checked = radio.value === mode;
    this.mode = mode;
    this.go(keepStep ? this.step : 0);
  }
  go(step) {
    const replay = this.replay();
    this.step = Math.max(0, Math.min(replay.total, Math.floor(step) || 0));
    const state = replay.stateAt(this.step);
    const view = this.board.render(state, this.mode);
    this.panels.render(this.mode, state, view);
    this.slider.max = replay.total;
    this.slider.value = this.step;
    document.getElementById("nq-state").textContent = NQ.Page.record(this.mode, replay, state, view);
  }
  static squares(list) {
    return list.length ? list.map(function (s) { return s[0] + "," + s[1]; }).join(" ") : "-";
  }
  static record(mode, replay, state, view) {
    const n = replay.n, attacked = [];
    for (let row = 0; row < n; row++)
      for (let column = 0; column < n; column++)
        if (view.attacked[row][column])
          attacked.push([row, column]);
    const e = state.event;
    return ["mode " + mode,
            "step " + state.step + " of " + replay.total,
            "queens " + state.rowOfColumn.join(" "),
            "crossed " + NQ.Page.squares(view.crossed),
            "attacked " + NQ.Page.squares(attacked),
            "solutions " + state.solutions + " of " + replay.solutionSteps.length,
            "nodes " + state.nodes + " of " + replay.finalState.nodes,
            "event " + e.kind + (e.kind === "start" ? "" : " " + e.row + " " + e.column) +
              (view.wipedColumn >= 0 ? " wipe-out " + view.wipedColumn : "")].join("\n") + "\n";
  }
  // The backtracking searches' work up to their first solution, beside the
  // SAT solver's counts.
  compareSearches() {
    const parts = [], queens = function (k) { return NQ.Panels.number(k) + (k === 1 ? " queen" : " queens"); };
    for (const [mode, name] of [["bt", "plain backtracking"], ["fc", "forward checking"]]) {
      const replay = this.replays[mode];
      if (replay.solutionSteps.length)
        parts.push(name + " places " + queens(replay.stateAt(replay.solutionSteps[0]).nodes) +
          " (nodes) up to its first solution");
      else
        parts.push(name + " places " + queens(replay.finalState.nodes) + " (nodes) to find there is none");
    }
    document.getElementById("sat-compare").textContent = "For comparison: " + parts.join("; ") + ".";
  }
  // The record of each of `steps` into #nq-probe: "K" is step K in the
  // current mode, "bt:K" and "fc:K" name the mode.
  probe(steps) {
    const lines = [];
    for (const entry of steps) {
      const parts = String(entry).split(":");
      const mode = parts.length > 1 ? parts[0] : this.mode, replay = this.replays[mode];
      if (!replay)
        throw new Error("probe: unknown mode " + mode);
      const state = replay.stateAt(Number(parts[parts.length - 1]));
      const view = this.board.render(state, mode);
      lines.push(NQ.Page.record(mode, replay, state, view));
    }
    document.getElementById("nq-probe").textContent = lines.join("--\n");
  }
};

(function () {
  const data = JSON.parse(document.getElementById("nq-data").textContent);
  const page = new NQ.Page(data);
  const n = data.n, r = Math.min(2, n), c = Math.min(3, n);
  document.getElementById("numbering-example").textContent = "here N = " + n + ", so x(" + r + "," + c +
    ") is variable " + ((r - 1) * n + c) + " and the last board variable is x(" + n + "," + n + ") = " + n * n;
  page.go(0);
  page.satView.go(0);
  page.compareSearches();
  page.controls.applyFragment();
  NQ.page = page;
})();
