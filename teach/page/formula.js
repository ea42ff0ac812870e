"use strict";
// One encoding's CNF as nqsat wrote it into the page (teach/teach_clauses.c
// describes the data): its clauses, the sentence of each clause's group,
// what each variable means, which variables speak of which square, and
// unit propagation on it. Nothing here knows an encoding by name: every
// encoding is read the same way, so the page shows what the clauses
// themselves derive.
NQ.Formula = class {
  constructor(n, data) {
    this.n = n;
    this.option = data.option;
    this.model = data.model;
    this.variables = data.variables;
    this.names = data.names;
    this.groups = data.groups;
    this.clauses = NQ.Formula.split(data.clauses);
    this.groupOf = new Array(this.clauses.length);
    for (let g = 0; g < data.groupStart.length; g++) {
      const end = g + 1 < data.groupStart.length ? data.groupStart[g + 1] : this.clauses.length;
      for (let i = data.groupStart[g]; i < end; i++)
        this.groupOf[i] = g;
    }
    this.auxNames = NQ.Formula.auxiliaryNames(n, data);
    this.sat = data.sat; // the SAT solver's recorded searches (NQ.SatReplay)
    this.cdcl = data.cdcl;
    this.squareClauses = NQ.Formula.split(data.squares); // row by row
    // occurrences[v]: the clauses holding v or -v.
    this.occurrences = [];
    for (let v = 0; v <= this.variables; v++)
      this.occurrences.push([]);
    this.shortClauses = []; // units and empty clauses: propagation starts with them
    this.clauses.forEach((clause, i) => {
      for (const literal of clause)
        this.occurrences[Math.abs(literal)].push(i);
      if (clause.length < 2)
        this.shortClauses.push(i);
    });
  }
  // [1, 2, 0, -1, 0] -> [[1, 2], [-1]]
  static split(flat) {
    const lists = [];
    let current = [];
    for (const number of flat) {
      if (number === 0) {
        lists.push(current);
        current = [];
      } else {
        current.push(number);
      }
    }
    return lists;
  }
  // What each auxiliary variable means, in the words of `nqsat encode
  // --explain` ("s(3) of row 2: some queen among the first 3 squares; true
  // if a queen is on one of (2,1), (2,2), (2,3)"), from the encoder's
  // record of it (teach/teach_clauses.c): [symbol of line, the sentence].
  static auxiliaryNames(n, data) {
    const names = [], numbers = data.aux;
    for (let i = 0; i < numbers.length;) {
      const words = data.auxWords[numbers[i]], line = data.auxLines[numbers[i + 1]];
      const exact = numbers[i + 2] & 1, negated = numbers[i + 2] & 2, count = numbers[i + 3];
      const squares = numbers.slice(i + 4, i + 4 + count).map(
        (v) => "(" + (Math.floor((v - 1) / n) + 1) + "," + ((v - 1) % n + 1) + ")");
      const colon = words.indexOf(": "), symbol = words.slice(0, colon) + " of " + line;
      names.push([symbol, symbol + ": " + words.slice(colon + 2) + "; true " +
        (exact ? "exactly when " : "if ") + (negated ? "no queen is on " : "a queen is on ") +
        (count === 1 ? "" : negated ? "any of " : "one of ") + squares.join(", ")]);
      i += 4 + count;
    }
    return names;
  }
  isAuxiliary(v) {
    return v > this.names.length;
  }
  squareClause(row, column) {
    return this.squareClauses[row * this.n + column];
  }
  // What variable v means: "x(3,2): a queen on row 3, column 2", "s(3) of
  // row 2: some queen among ...".
  meaning(v) {
    if (!this.isAuxiliary(v))
      return this.names[v - 1];
    const name = this.auxNames[v - this.names.length - 1];
    return name ? name[1] : "a" + v + ": an auxiliary variable";
  }
  // A literal by its short name: "\u00acx(3,2)", "[s(3) of row 2]".
  literalText(literal) {
    const v = Math.abs(literal), name = this.auxNames[v - this.names.length - 1];
    const short = this.isAuxiliary(v) ? "[" + (name ? name[0] : "a" + v) + "]" : this.names[v - 1].split(":")[0];
    return (literal < 0 ? "\u00ac" : "") + short;
  }
  // The clauses that mention a variable of square (row, column): the
  // variables of its "no queen here" clause.
  clausesOfSquare(row, column) {
    const found = new Set();
    for (const literal of this.squareClause(row, column))
      for (const i of this.occurrences[Math.abs(literal)])
        found.add(i);
    return Array.from(found).sort(function (a, b) { return a - b; });
  }
  // Squares whose variables clause i mentions (for highlighting it).
  squaresOfClause(i) {
    const variables = new Set(this.clauses[i].map(Math.abs)), squares = [];
    for (let row = 0; row < this.n; row++)
      for (let column = 0; column < this.n; column++)
        if (this.squareClause(row, column).some(function (l) { return variables.has(Math.abs(l)); }))
          squares.push([row, column]);
    return squares;
  }
  // The literals that put a queen on (row, column): the negations of its
  // "no queen here" clause.
  queenLiterals(row, column) {
    return this.squareClause(row, column).map(function (l) { return -l; });
  }
  // Unit propagation from `units` (literals) and `extra` clauses (lists of
  // literals), to a fixpoint. Returns { value: Int8Array (1 true, -1 false,
  // 0 unset, indexed by variable), trail: literals in the order set,
  // reasons: the clause that set each (-1: given), conflict: index of a
  // falsified clause (clauses.length + k for extra[k]), -2 when the givens
  // contradict each other, or -1 }. The extra clauses are few (the squares
  // a reader rules out), so they are checked after every assignment rather
  // than indexed.
  propagate(units, extra) {
    extra = extra || [];
    const value = new Int8Array(this.variables + 1), trail = [], reasons = [];
    const clauses = this.clauses, count = clauses.length;
    const result = { value: value, trail: trail, reasons: reasons, conflict: -1 };
    const assign = function (literal, reason) {
      const v = Math.abs(literal), wanted = literal > 0 ? 1 : -1;
      if (value[v] === -wanted)
        return false;
      if (value[v] === 0) {
        value[v] = wanted;
        trail.push(literal);
        reasons.push(reason);
      }
      return true;
    };
    const check = function (clause, i) { // false when the clause is falsified
      let unset = 0, last = 0;
      for (const literal of clause) {
        const v = value[Math.abs(literal)];
        if (v === 0) {
          unset++;
          last = literal;
        } else if ((v > 0) === (literal > 0)) {
          return true;
        }
      }
      if (unset === 0)
        return false;
      if (unset === 1)
        assign(last, i);
      return true;
    };
    const checkExtra = function () {
      for (let k = 0; k < extra.length; k++)
        if (!check(extra[k], count + k))
          return count + k;
      return -1;
    };
    for (const literal of units)
      if (!assign(literal, -1)) {
        result.conflict = -2;
        return result;
      }
    for (const i of this.shortClauses)
      if (!check(clauses[i], i)) {
        result.conflict = i;
        return result;
      }
    if ((result.conflict = checkExtra()) !== -1)
      return result;
    for (let head = 0; head < trail.length; head++) {
      for (const i of this.occurrences[Math.abs(trail[head])])
        if (!check(clauses[i], i)) {
          result.conflict = i;
          return result;
        }
      if ((result.conflict = checkExtra()) !== -1)
        return result;
    }
    return result;
  }
  // The board after propagation: for each square, "out" when a literal of
  // its "no queen here" clause is true, "queen" when all are false, else "".
  squaresAfter(value) {
    const board = [];
    for (let row = 0; row < this.n; row++) {
      const line = [];
      for (let column = 0; column < this.n; column++) {
        let out = false, queen = true;
        for (const literal of this.squareClause(row, column)) {
          const v = value[Math.abs(literal)];
          if (v === 0)
            queen = false;
          else if ((v > 0) === (literal > 0))
            out = true;
        }
        line.push(out ? "out" : queen ? "queen" : "");
      }
      board.push(line);
    }
    return board;
  }
};
