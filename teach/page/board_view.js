"use strict";
// Shows a replayed state on the board that nqsat drew (teach/teach_page.c):
// every square has a queen glyph (q-R-C), a shade (sh-R-C) and a cross
// (x-R-C), shown or hidden here; "cur" frames the square of the last step
// and "wiped" the column forward checking found empty.
NQ.BoardView = class {
  constructor(n, square, originX, originY) {
    this.n = n;
    this.square = square;
    this.originX = originX;
    this.originY = originY;
    this.cells = [];
    for (let row = 0; row < n; row++) {
      const line = [];
      for (let column = 0; column < n; column++)
        line.push({ queen: this.element("q", row, column), shade: this.element("sh", row, column),
                    cross: this.element("x", row, column) });
      this.cells.push(line);
    }
    this.current = document.getElementById("cur");
    this.wiped = document.getElementById("wiped");
  }
  element(prefix, row, column) {
    const found = document.getElementById(prefix + "-" + row + "-" + column);
    if (!found)
      throw new Error("the board lacks " + prefix + "-" + row + "-" + column);
    return found;
  }
  static show(element, visible) {
    element.setAttribute("visibility", visible ? "visible" : "hidden");
  }
  // The view of `state` in `mode` ("bt" or "fc"); returns what is shown, for
  // the page's state record: crossed squares (forward checking) and the
  // wiped-out column, -1 if none.
  render(state, mode) {
    const n = this.n, attacked = NQ.attackedSquares(n, state.rowOfColumn);
    const crossed = [];
    for (let row = 0; row < n; row++)
      for (let column = 0; column < n; column++) {
        const cell = this.cells[row][column], queen = state.rowOfColumn[column] === row;
        const cross = mode === "fc" && state.rowOfColumn[column] < 0 && attacked[row][column];
        if (cross)
          crossed.push([row, column]);
        NQ.BoardView.show(cell.queen, queen);
        NQ.BoardView.show(cell.shade, attacked[row][column]);
        NQ.BoardView.show(cell.cross, cross);
      }
    let wipedColumn = -1;
    if (state.event.kind === "place" && state.event.wipe)
      for (let column = state.event.column + 1; column < n && wipedColumn < 0; column++)
        if (attacked.every(function (line) { return line[column]; }))
          wipedColumn = column;
    NQ.BoardView.show(this.wiped, wipedColumn >= 0);
    if (wipedColumn >= 0)
      this.wiped.setAttribute("x", this.originX + wipedColumn * this.square);
    const event = state.event;
    NQ.BoardView.show(this.current, event.kind !== "start");
    if (event.kind !== "start") {
      this.current.setAttribute("x", this.originX + event.column * this.square);
      this.current.setAttribute("y", this.originY + event.row * this.square);
    }
    return { crossed: crossed, attacked: attacked, wipedColumn: wipedColumn };
  }
};
