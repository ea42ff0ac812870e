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
    this.buildBoard();
    this.render();
  }
  buildBoard() {
    const table = document.getElementById("clause-board");
    this.cells = [];
    for (let row = 0; row < this.n; row++) {
      const line = document.createElement("tr"), cells = [];
      for (let column = 0; column < this.n; column++) {
        const cell = document.createElement("td"), button = document.createElement("button");
        button.type = "button";
        button.className = (row + column) % 2 ? "dark" : "light";
        button.id = "cb-" + row + "-" + column;
        button.addEventListener("click", () => this.click(row, column));
        cell.appendChild(button);
        line.appendChild(cell);
        cells.push(button);
      }
      table.appendChild(line);
      this.cells.push(cells);
    }
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
  render() {
    const results = this.formulas.map((formula) => this.propagate(formula));
    this.renderBoard(results[this.chosen]);
    this.renderTable(results);
    this.renderClauses();
  }
  renderBoard(result) {
    const n = this.n;
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
          text = "\u265B";
          state = "queen forced by unit propagation";
        }
        button.textContent = text;
        button.classList.toggle("placed", queen);
        button.classList.toggle("blocked", blocked);
        button.classList.toggle("derived-out", !queen && !blocked && derived === "out");
        button.classList.toggle("derived-queen", !queen && derived === "queen");
        button.classList.toggle("selected", !!this.selected && this.selected[0] === row && this.selected[1] === column);
        button.setAttribute("aria-label", NQ.squareName(n, row, column) + (state ? ": " + state : ""));
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
    const heading = document.getElementById("clause-heading"), list = document.getElementById("clause-list");
    if (!this.selected) {
      heading.textContent = "Choose a square to list its clauses.";
      list.replaceChildren();
      return;
    }
    // Frames of a clause listed before (its item replaced without a blur,
    // as when the encoding changes by keyboard) go with it.
    for (const line of this.cells)
      for (const button of line)
        button.classList.remove("in-clause");
    const [row, column] = this.selected, formula = this.formulas[this.chosen];
    const found = formula.clausesOfSquare(row, column);
    const variables = formula.squareClause(row, column).map(Math.abs);
    heading.textContent = found.length + " clauses of " + formula.option + " mention " +
      variables.map((v) => formula.meaning(v)).join("; ") + ":";
    const items = found.map((i) => {
      const item = document.createElement("li"), code = document.createElement("code");
      code.textContent = formula.clauses[i].join(" ") + " 0";
      item.appendChild(code);
      item.appendChild(document.createTextNode(" " + this.clauseWords(formula, i)));
      item.tabIndex = 0;
      const mark = (on) => () => {
        for (const [r, c] of formula.squaresOfClause(i))
          this.cells[r][c].classList.toggle("in-clause", on);
      };
      item.addEventListener("mouseenter", mark(true));
      item.addEventListener("mouseleave", mark(false));
      item.addEventListener("focus", mark(true));
      item.addEventListener("blur", mark(false));
      return item;
    });
    list.replaceChildren.apply(list, items);
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
