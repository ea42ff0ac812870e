"use strict";
// The text around the board: where the search is, what the last step did,
// the node counts of both searches, and the solutions found so far with
// their symmetry classes (class numbers and sizes come from nqsat's data).
NQ.Panels = class {
  constructor(data, replays) {
    this.data = data;
    this.replays = replays;
    this.position = document.getElementById("position");
    this.event = document.getElementById("event");
    this.summary = document.getElementById("found-summary");
    this.solutionList = document.getElementById("solution-list");
    this.classBody = document.querySelector("#class-table tbody");
    this.shownSolutions = -1;
    for (const mode of ["bt", "fc"]) {
      const cells = document.querySelectorAll("#count-" + mode + " td");
      const recorded = data.modes[mode];
      cells[0].dataset.total = recorded.nodes;
      cells[1].dataset.total = replays[mode].total;
      if (mode === "fc")
        cells[2].dataset.total = recorded.wipeOuts;
      cells[cells.length - 1].dataset.total = recorded.solutions;
    }
  }
  static number(value) {
    return value.toLocaleString("en-US");
  }
  describe(state, view) {
    const e = state.event, n = this.data.n;
    if (e.kind === "start")
      return "Empty board: the search starts in column " + NQ.columnName(0) + ".";
    if (e.kind === "remove")
      return "Queen removed from " + NQ.squareName(n, e.row, e.column) + ", back in column " +
        NQ.columnName(e.column) +
        (e.row + 1 < n ? ": the next free row below it is tried, if there is one." :
                         ", which has no row left to try.");
    let text = "Queen placed at " + NQ.squareName(n, e.row, e.column) + ".";
    if (e.solution)
      text += (n === 1 ? " The only column holds a queen" : " All " + n + " columns hold a queen") +
        ": solution " + state.solutions + ".";
    else if (e.wipe)
      text += " Forward checking: column " + NQ.columnName(view.wipedColumn) +
        " has no free square left, so this queen goes back at once.";
    return text;
  }
  // Node and step counts so far, in the row of the mode shown; totals in both.
  counts(mode, state) {
    for (const other of ["bt", "fc"]) {
      const cells = document.querySelectorAll("#count-" + other + " td");
      for (const cell of cells) {
        if (!cell.dataset.total)
          continue;
        cell.textContent = NQ.Panels.number(Number(cell.dataset.total));
      }
    }
    const cells = document.querySelectorAll("#count-" + mode + " td");
    cells[0].textContent = NQ.Panels.number(state.nodes) + " of " + cells[0].textContent;
    cells[1].textContent = NQ.Panels.number(state.step) + " of " + cells[1].textContent;
    if (mode === "fc")
      cells[2].textContent = NQ.Panels.number(state.wipeOuts) + " of " + cells[2].textContent;
    cells[cells.length - 1].textContent =
      NQ.Panels.number(state.solutions) + " of " + cells[cells.length - 1].textContent;
    document.getElementById("count-bt").classList.toggle("active", mode === "bt");
    document.getElementById("count-fc").classList.toggle("active", mode === "fc");
  }
  // The solution list and class table, rebuilt only when the count changes.
  solutions(mode, state) {
    const found = state.solutions;
    if (found === this.shownSolutions && mode === this.shownMode)
      return;
    this.shownSolutions = found;
    this.shownMode = mode;
    const data = this.data, replay = this.replays[mode];
    const classes = new Map();
    for (let i = 0; i < found; i++) {
      const id = data.classOf[i];
      if (!classes.has(id))
        classes.set(id, { found: 0, first: i });
      classes.get(id).found++;
    }
    const total = data.classSize.length, solutions = data.modes.bt.solutions;
    if (!solutions)
      this.summary.textContent = "The " + data.n + " x " + data.n + " board has no solution: " +
        "the search tries every placement and ends without one.";
    else
      this.summary.textContent = NQ.Panels.number(found) + " of " + NQ.Panels.number(solutions) +
        (solutions === 1 ? " solution" : " solutions") + ", in " + classes.size + " of " +
        (total === 1 ? "1 symmetry class" : "the " + total + " symmetry classes") +
        " (boards that are rotations or reflections of one another).";
    const shown = Math.min(found, 50);
    const items = [];
    for (let i = found - 1; i >= found - shown; i--) {
      const item = document.createElement("li");
      item.textContent = (i + 1) + ": " + replay.solutionBoards[i].join(" ") + "  (class " +
        data.classOf[i] + ")";
      items.push(item);
    }
    this.solutionList.replaceChildren.apply(this.solutionList, items);
    const rows = [];
    for (const [id, entry] of classes) {
      const row = document.createElement("tr");
      for (const text of [id, data.classSize[id - 1], entry.found,
                          "solution " + (entry.first + 1) + ": " + replay.solutionBoards[entry.first].join(" ")]) {
        const cell = document.createElement("td");
        cell.textContent = text;
        row.appendChild(cell);
      }
      rows.push(row);
    }
    this.classBody.replaceChildren.apply(this.classBody, rows);
  }
  render(mode, state, view) {
    const replay = this.replays[mode];
    this.position.textContent = "Step " + NQ.Panels.number(state.step) + " of " +
      NQ.Panels.number(replay.total) + " (" + (mode === "fc" ? "forward checking" : "plain backtracking") + ")";
    this.event.textContent = this.describe(state, view);
    this.counts(mode, state);
    this.solutions(mode, state);
  }
};
