"use strict";
// "Clauses on the board": a board of buttons (one per square, reachable by
// keyboard and named for screen readers), the encoding chosen, the clauses
// of the square last chosen (DIMACS and words; hovering or focusing one
// marks its squares), and what unit propagation derives from the queens
// placed and squares ruled out by the reader, for every encoding side by
// side (computed here from the embedded clauses, NQ.Formula).
// #nq-clauses and #nq-propagation record the same as plain text for the
// browser test.
NQ.ClauseBoard = class {
  constructor(data) {
    this.n = data.n;
    this.formulas = data.formulas.map(function (f) { return new NQ.Formula(data.n, f); });
    this.chosen = 0;
    this.selected = null; // [row, column] whose clauses are listed
    this.queens = new Set(); // "row,column", 0-based
    this.blocked = new Set();
    this.select = document.getElementById("encoding");
    this.formulas.forEach((formula, i) => {
      const option = document.createElement("option");
      option.value = i;
      option.textContent = (formula.model === "rows" ? "rows model, " : "matrix model, ") + formula.option;
      this.select.appendChild(option);
    });
    this.onEncoding = null; // called after the reader chooses an encoding
    this.select.addEventListener("change", () => {
      this.chosen = Number(this.select.value);
      this.render();
      if (this.onEncoding)
        this.onEncoding();
    });
    document.getElementById("clear-position").addEventListener("click", () => {
      this.queens.clear();
      this.blocked.clear();
      this.render();
    });
    this.falseSquares = new Set(); // squares of the clause the reader's position falsifies
    this.line = ""; // "", "row", "column", "diagonal" or "anti-diagonal": the whole line's clauses
    for (const button of document.querySelectorAll("#line-mode button"))
      button.addEventListener("click", () => {
        this.line = button.dataset.line;
        if (!this.selected)
          this.selected = [0, 0];
        this.render();
      });
    this.buildBoard();
    document.getElementById("clause-board").addEventListener("keydown", (event) => this.boardKey(event));
    this.render();
  }
  buildBoard() {
    const table = document.getElementById("clause-board");
    NQ.labelColumns(table, this.n);
    this.cells = [];
    for (let row = 0; row < this.n; row++) {
      const line = document.createElement("tr"), cells = [];
      line.appendChild(NQ.rowLabel(row));
      for (let column = 0; column < this.n; column++) {
        const cell = document.createElement("td"), button = document.createElement("button");
        button.type = "button";
        button.className = (row + column) % 2 ? "dark" : "light";
        button.id = "cb-" + row + "-" + column;
        button.dataset.row = row + 1;
        button.dataset.column = column + 1;
        button.tabIndex = row === 0 && column === 0 ? 0 : -1; // one Tab stop: the arrows move inside
        button.addEventListener("click", () => this.click(row, column));
        button.addEventListener("focus", () => this.rove(row, column));
        cell.appendChild(button);
        line.appendChild(cell);
        cells.push(button);
      }
      table.appendChild(line);
      this.cells.push(cells);
    }
  }
  // The board is one Tab stop (a roving tabindex): the square last
  // focused keeps it; arrows, Home and End move the focus inside.
  rove(row, column) {
    for (const line of this.cells)
      for (const button of line)
        button.tabIndex = -1;
    this.cells[row][column].tabIndex = 0;
  }
  boardKey(event) {
    const target = event.target, n = this.n;
    if (!target.dataset || !target.dataset.row || event.altKey || event.ctrlKey || event.metaKey)
      return;
    let row = Number(target.dataset.row) - 1, column = Number(target.dataset.column) - 1;
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[event.key]) {
      row = Math.max(0, Math.min(n - 1, row + moves[event.key][0]));
      column = Math.max(0, Math.min(n - 1, column + moves[event.key][1]));
    } else if (event.key === "Home") {
      column = 0;
    } else if (event.key === "End") {
      column = n - 1;
    } else {
      return;
    }
    event.preventDefault();
    this.rove(row, column);
    this.cells[row][column].focus();
  }
  clickMode() {
    const checked = document.querySelector("input[name=click]:checked");
    return checked ? checked.value : "clauses";
  }
  click(row, column) {
    const key = row + "," + column, mode = this.clickMode();
    if (mode === "queen") {
      this.blocked.delete(key);
      if (!this.queens.delete(key))
        this.queens.add(key);
    } else if (mode === "block") {
      this.queens.delete(key);
      if (!this.blocked.delete(key))
        this.blocked.add(key);
    }
    this.selected = [row, column];
    this.render();
  }
  static parse(key) {
    return key.split(",").map(Number);
  }
  // Propagation of the reader's position in `formula`.
  propagate(formula) {
    const units = [], extra = [];
    for (const key of this.queens) {
      const [row, column] = NQ.ClauseBoard.parse(key);
      units.push.apply(units, formula.queenLiterals(row, column));
    }
    for (const key of this.blocked) {
      const [row, column] = NQ.ClauseBoard.parse(key);
      extra.push(formula.squareClause(row, column));
    }
    const result = formula.propagate(units, extra);
    result.board = formula.squaresAfter(result.value);
    result.out = [];
    result.forced = [];
    for (let row = 0; row < this.n; row++)
      for (let column = 0; column < this.n; column++) {
        const key = row + "," + column, state = result.board[row][column];
        if (state === "out" && !this.blocked.has(key))
          result.out.push([row, column]);
        if (state === "queen" && !this.queens.has(key))
          result.forced.push([row, column]);
      }
    return result;
  }
  static squareList(squares) {
    return squares.length ? squares.map(function (s) { return (s[0] + 1) + "," + (s[1] + 1); }).join(" ") : "-";
  }
  // The chosen encoding's variables by number: the board's first (x(r,c)
  // = (r-1)N + c in the matrix model), then each auxiliary variable with
  // what it means, as `nqsat encode --explain` says it.
  renderVariables() {
    if (this.variablesShown === this.chosen)
      return;
    this.variablesShown = this.chosen;
    const formula = this.formulas[this.chosen], items = [];
    for (let v = 1; v <= formula.variables; v++) {
      const item = document.createElement("li");
      item.value = v;
      item.textContent = formula.meaning(v);
      items.push(item);
    }
    const list = document.getElementById("variable-numbers");
    list.replaceChildren.apply(list, items);
    const board = formula.names.length;
    document.getElementById("variable-summary").textContent = formula.option + ": " + formula.variables +
      " variables; 1.." + board + " speak of the board" +
      (formula.model === "rows" ? "" : " (x(r,c) = (r\u22121)\u00B7" + this.n + " + c)") +
      (formula.variables > board ? ", " + (board + 1) + ".." + formula.variables + " are auxiliary" : ", none auxiliary") + ".";
  }
  render() {
    this.renderVariables();
    const results = this.formulas.map((formula) => this.propagate(formula));
    this.renderBoard(results[this.chosen]);
    this.renderTable(results);
    this.renderClauses();
  }
  renderBoard(result) {
    const n = this.n, formula = this.formulas[this.chosen];
    // On a conflict the false clause's squares are framed (hatched), and
    // each says so to a screen reader.
    const falseSquares = new Set();
    if (result.conflict >= 0 && result.conflict < formula.clauses.length)
      for (const [r, c] of formula.squaresOfClause(result.conflict))
        falseSquares.add(r + "," + c);
    else if (result.conflict >= formula.clauses.length)
      falseSquares.add(Array.from(this.blocked)[result.conflict - formula.clauses.length]);
    this.falseSquares = falseSquares;
    for (let row = 0; row < n; row++)
      for (let column = 0; column < n; column++) {
        const key = row + "," + column, button = this.cells[row][column];
        const queen = this.queens.has(key), blocked = this.blocked.has(key);
        const derived = result.conflict === -1 ? result.board[row][column] : "";
        let text = "", state = "";
        if (queen) {
          text = "\u265B";
          state = "queen placed";
        } else if (blocked) {
          text = "\u2715";
          state = "ruled out by you";
        } else if (derived === "out") {
          text = "\u00B7";
          state = "ruled out by unit propagation";
        } else if (derived === "queen") {
          text = "\u265B\u2032";
          state = "queen forced by unit propagation";
        }
        button.textContent = text;
        button.classList.toggle("placed", queen);
        button.classList.toggle("blocked", blocked);
        button.classList.toggle("derived-out", !queen && !blocked && derived === "out");
        button.classList.toggle("derived-queen", !queen && derived === "queen");
        button.classList.toggle("selected", !!this.selected && this.selected[0] === row && this.selected[1] === column);
        const selected = !!this.selected && this.selected[0] === row && this.selected[1] === column;
        button.classList.toggle("in-clause", falseSquares.has(key));
        button.setAttribute("aria-label", NQ.squareName(n, row, column) + (state ? ": " + state : "") +
          (falseSquares.has(key) ? " (in the false clause)" : "") + (selected ? " (its clauses listed)" : ""));
      }
  }
  // One line per encoding: the squares ruled out and the queens forced
  // beyond the position itself (squares from 1), or "conflict".
  record(results) {
    return results.map((result, i) => this.formulas[i].option + ": " + (result.conflict !== -1 ? "conflict" :
      "out " + NQ.ClauseBoard.squareList(result.out) + "; queens " + NQ.ClauseBoard.squareList(result.forced)))
      .join("\n") + "\n";
  }
  // The records of several positions into #nq-probe; the reader's own
  // position is kept.
  probePositions(positions) {
    const kept = [this.queens, this.blocked], records = [];
    for (const position of positions) {
      this.queens = new Set(position.queens);
      this.blocked = new Set(position.blocked);
      records.push(this.record(this.formulas.map((formula) => this.propagate(formula))));
    }
    [this.queens, this.blocked] = kept;
    document.getElementById("nq-probe").textContent = records.join("--\n");
  }
  renderTable(results) {
    const body = document.querySelector("#propagation tbody"), rows = [];
    results.forEach((result, i) => {
      const formula = this.formulas[i], row = document.createElement("tr");
      const conflict = result.conflict !== -1;
      const total = this.n * this.n - this.queens.size - this.blocked.size;
      const cells = [formula.option,
                     conflict ? "\u2013" : result.out.length + " of " + total,
                     conflict ? "\u2013" : result.forced.length + " of " + (this.n - this.queens.size),
                     result.trail.length + " of " + formula.variables,
                     conflict ? "conflict: " + this.clauseWords(formula, result.conflict) : "no conflict"];
      cells.forEach(function (text, k) {
        const cell = document.createElement(k ? "td" : "th");
        cell.textContent = text;
        row.appendChild(cell);
      });
      row.classList.toggle("active", i === this.chosen);
      rows.push(row);
    });
    body.replaceChildren.apply(body, rows);
    document.getElementById("nq-propagation").textContent = this.record(results);
  }
  clauseWords(formula, i) {
    if (i < 0 || i >= formula.clauses.length)
      return "a square you ruled out";
    const auxiliaries = formula.clauses[i].map(Math.abs).filter((v) => formula.isAuxiliary(v));
    return formula.groups[formula.groupOf[i]] + " (" + formula.clauses[i].map((l) => formula.literalText(l)).join(" \u2228 ") + ")" +
      (auxiliaries.length ? ", where " + auxiliaries.map((v) => formula.meaning(v)).join("; and ") : "");
  }
  // The clauses of the selected square in the chosen encoding.
  renderClauses() {
    if (!this.selected)
      this.cells.forEach((line, r) => line.forEach((button, c) =>
        button.classList.toggle("in-clause", this.falseSquares.has(r + "," + c))));
    const heading = document.getElementById("clause-heading"), list = document.getElementById("clause-list");
    if (!this.selected) {
      heading.textContent = "Choose a square to list its clauses.";
      list.replaceChildren();
      return;
    }
    // Frames of a clause listed before (its item replaced without a blur,
    // as when the encoding changes by keyboard) go with it.
    this.cells.forEach((line, r) => line.forEach((button, c) =>
      button.classList.toggle("in-clause", this.falseSquares.has(r + "," + c))));
    const [row, column] = this.selected, formula = this.formulas[this.chosen];
    const prefix = this.linePrefix(row, column), lineClauses = prefix === null ? null : this.lineClauses(formula, prefix);
    const found = lineClauses || formula.clausesOfSquare(row, column);
    const variables = formula.squareClause(row, column).map(Math.abs);
    if (lineClauses && !lineClauses.length)
      heading.textContent = formula.option + " has no clause group for the " + prefix.replace(/: $/, "") +
        (formula.model === "rows" ? " (the rows model speaks of rows and pairs of rows, not of lines of squares)" : "") + ".";
    else if (lineClauses)
      heading.textContent = "The whole constraint of " + prefix.replace(/: $/, "") + " in " + formula.option + ", " +
        found.length + " clauses (its squares framed):";
    else
      heading.textContent = found.length + " clauses of " + formula.option + " mention " +
        variables.map((v) => formula.meaning(v)).join("; ") + ":";
    const base = new Set(this.falseSquares); // frames that stay when a clause's own go
    if (lineClauses)
      for (const i of lineClauses)
        for (const [r, c] of formula.squaresOfClause(i)) {
          this.cells[r][c].classList.add("in-clause");
          base.add(r + "," + c);
        }
    const items = found.map((i) => {
      const item = document.createElement("li"), code = document.createElement("code");
      code.textContent = formula.clauses[i].join(" ") + " 0";
      item.appendChild(code);
      item.appendChild(document.createTextNode(" " + this.clauseWords(formula, i)));
      item.tabIndex = 0;
      const mark = (on) => () => {
        for (const [r, c] of formula.squaresOfClause(i))
          this.cells[r][c].classList.toggle("in-clause", on || base.has(r + "," + c));
      };
      item.addEventListener("mouseenter", mark(true));
      item.addEventListener("mouseleave", mark(false));
      item.addEventListener("focus", mark(true));
      item.addEventListener("blur", mark(false));
      return item;
    });
    list.replaceChildren.apply(list, items);
  }
  // The group sentences' start for the chosen line through (row, column),
  // as `nqsat encode --explain` words them ("row 3: ", "diagonal r-c=-1: ");
  // null when no line is chosen.
  linePrefix(row, column) {
    const r = row + 1, c = column + 1;
    switch (this.line) {
    case "row": return formulaLine(this.formulas[this.chosen], "row " + r + ": ", "q_" + r + ": ");
    case "column": return "column " + c + ": ";
    case "diagonal": return "diagonal r-c=" + (r - c) + ": ";
    case "anti-diagonal": return "anti-diagonal r+c=" + (r + c) + ": ";
    default: return null;
    }
    function formulaLine(formula, matrix, rows) {
      return formula.model === "rows" ? rows : matrix;
    }
  }
  // The clauses of every group whose sentence starts with `prefix`.
  lineClauses(formula, prefix) {
    const found = [];
    formula.clauses.forEach((clause, i) => {
      if (formula.groups[formula.groupOf[i]].startsWith(prefix))
        found.push(i);
    });
    return found;
  }
  // Every encoding's clauses of square (row, column), one "DIMACS | group"
  // line each, then "a49 = ..." for each auxiliary variable in them, into
  // #nq-clauses (the browser test compares them with
  // `nqsat encode --explain`).
  probeClauses(row, column) {
    const lines = [];
    for (const formula of this.formulas) {
      lines.push("encoding " + formula.option);
      const auxiliaries = new Set();
      for (const i of formula.clausesOfSquare(row, column)) {
        lines.push(formula.clauses[i].join(" ") + " 0 | " + formula.groups[formula.groupOf[i]]);
        formula.clauses[i].map(Math.abs).filter((v) => formula.isAuxiliary(v)).forEach((v) => auxiliaries.add(v));
      }
      // and what their auxiliary variables mean, as --explain says it
      for (const v of Array.from(auxiliaries).sort((a, b) => a - b))
        lines.push("a" + v + " = " + formula.meaning(v));
    }
    document.getElementById("nq-clauses").textContent = lines.join("\n") + "\n";
  }
};
