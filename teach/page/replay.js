"use strict";
// Replays a search recorded by nqsat (one character per step, written by
// teach/teach_search.c, runs of removals packed, see expand): 'a' + r places a queen in row r of the next empty
// column, 'm' + r does the same and the queen leaves a column ahead with no
// row (forward checking's wipe-out), 'A' + r removes the queen of the last
// column, which stands in row r. Nothing here searches: the steps are data.
NQ.Replay = class {
  constructor(n, steps) {
    this.n = n;
    this.codes = NQ.Replay.expand(n, steps);
    this.total = this.codes.length;
    this.every = 2048;
    this.checkpoints = [];
    this.solutionSteps = []; // step number (1-based) completing each solution
    this.solutionBoards = []; // each solution as the column (from 1) of each row's queen
    const state = this.emptyState();
    for (let k = 0; k < this.total; k++) {
      if (k % this.every === 0)
        this.checkpoints.push(this.copy(state));
      this.apply(state, k);
      if (state.event.solution) {
        this.solutionSteps.push(k + 1);
        const vector = new Array(n);
        state.rowOfColumn.forEach(function (row, column) { vector[row] = column + 1; });
        this.solutionBoards.push(vector);
      }
    }
    this.checkpoints.push(this.copy(state)); // the end, for k = total when total % every == 0
    this.finalState = state;
  }
  // The steps one code each: nqsat writes a run of k >= 2 removals as one
  // character '0' + k - 2 (teach/teach_page.c); each becomes k codes
  // 'A' + row, the rows taken from the queens placed before.
  static expand(n, text) {
    let total = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      total += c >= 48 && c <= 58 ? c - 46 : 1;
    }
    const codes = new Uint8Array(total), rows = [];
    let k = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 58) {
        for (let run = c - 46; run > 0; run--) {
          if (!rows.length)
            throw new Error("a run of removals at character " + (i + 1) + " goes below the empty board");
          codes[k++] = 65 + rows.pop();
        }
      } else {
        if (c >= 65 && c < 65 + n)
          rows.pop();
        else
          rows.push(c - (c >= 109 ? 109 : 97));
        codes[k++] = c;
      }
    }
    return codes;
  }
  emptyState() {
    return { step: 0, placed: 0, solutions: 0, nodes: 0, wipeOuts: 0, rowOfColumn: new Array(this.n).fill(-1),
             event: { kind: "start" } };
  }
  copy(state) {
    return { step: state.step, placed: state.placed, solutions: state.solutions, nodes: state.nodes,
             wipeOuts: state.wipeOuts,
             rowOfColumn: state.rowOfColumn.slice(), event: Object.assign({}, state.event) };
  }
  // Applies step k (0-based) to `state`. The event object is reused: the
  // constructor replays every step once, millions at N = 12.
  apply(state, k) {
    const code = this.codes[k], event = state.event;
    if (code >= 65 && code < 65 + this.n) {
      const column = state.placed - 1, row = code - 65;
      if (column < 0 || state.rowOfColumn[column] !== row)
        throw new Error("step " + (k + 1) + " removes a queen that is not there");
      state.rowOfColumn[column] = -1;
      state.placed--;
      event.kind = "remove";
      event.row = row;
      event.column = column;
      event.wipe = event.solution = false;
    } else {
      const wipe = code >= 109, row = code - (wipe ? 109 : 97), column = state.placed;
      if (row < 0 || row >= this.n || column >= this.n)
        throw new Error("step " + (k + 1) + ": bad step code " + String.fromCharCode(code));
      state.rowOfColumn[column] = row;
      state.placed++;
      state.nodes++;
      const solution = state.placed === this.n;
      if (solution)
        state.solutions++;
      if (wipe)
        state.wipeOuts++;
      event.kind = "place";
      event.row = row;
      event.column = column;
      event.wipe = wipe;
      event.solution = solution;
    }
    state.step = k + 1;
  }
  // The board after `step` steps (0..total).
  stateAt(step) {
    step = Math.max(0, Math.min(this.total, step));
    const index = Math.min(Math.floor(step / this.every), this.checkpoints.length - 1);
    const state = this.copy(this.checkpoints[index]);
    for (let k = state.step; k < step; k++)
      this.apply(state, k);
    return state;
  }
};

// Squares attacked by the queens on the board (queen squares excluded):
// attacked[row][column].
NQ.attackedSquares = function (n, rowOfColumn) {
  const attacked = [];
  for (let row = 0; row < n; row++)
    attacked.push(new Array(n).fill(false));
  for (let column = 0; column < n; column++) {
    const queen = rowOfColumn[column];
    if (queen < 0)
      continue;
    for (let other = 0; other < n; other++) {
      if (other === column)
        continue;
      const distance = Math.abs(other - column);
      for (const row of [queen, queen - distance, queen + distance])
        if (row >= 0 && row < n)
          attacked[row][other] = true;
    }
    for (let row = 0; row < n; row++)
      if (row !== queen)
        attacked[row][column] = true;
  }
  return attacked;
};

// The page's one coordinate system, as `nqsat show` prints boards: rows
// and columns numbered from 1, row 1 at the top, column 1 at the left;
// the chess name beside (file a = column 1, rank 1 = the bottom row).
// Internally (the recorded steps, #nq-state) they count from 0.
NQ.columnName = function (column) {
  return String(column + 1);
};
NQ.squareName = function (n, row, column) {
  const chess = n <= 26 ? String.fromCharCode(97 + column) + (n - row) : "";
  return "row " + (row + 1) + ", column " + (column + 1) + (chess ? " (" + chess + ")" : "");
};
// The labels of a board drawn as a table: a row of column numbers above
// (from 1) and, by rowLabel, each row's number at its left.
NQ.labelColumns = function (table, n) {
  const line = document.createElement("tr");
  line.className = "labels";
  line.appendChild(document.createElement("td"));
  for (let column = 0; column < n; column++) {
    const label = document.createElement("th");
    label.scope = "col";
    label.textContent = NQ.columnName(column);
    line.appendChild(label);
  }
  table.appendChild(line);
};
NQ.rowLabel = function (row) {
  const label = document.createElement("th");
  label.scope = "row";
  label.textContent = String(row + 1);
  return label;
};
