"use strict";
// Buttons, keys, the speed and step sliders, playing, and the address
// fragment (#mode=fc&step=40&probe=1,2,3) that opens the page at a step.
NQ.Controls = class {
  constructor(page) {
    this.page = page;
    this.timer = null;
    this.slider = document.getElementById("slider");
    this.speed = document.getElementById("speed");
    this.playButton = document.getElementById("play");
    const go = (delta) => () => { this.stop(); this.page.go(this.page.step + delta); };
    document.getElementById("step").addEventListener("click", go(1));
    document.getElementById("back").addEventListener("click", go(-1));
    document.getElementById("start").addEventListener("click", () => { this.stop(); this.page.go(0); });
    document.getElementById("end").addEventListener("click", () => {
      this.stop();
      this.page.go(this.page.replay().total);
    });
    document.getElementById("next-solution").addEventListener("click", () => {
      this.stop();
      const next = this.page.replay().solutionSteps.find((s) => s > this.page.step);
      this.page.go(next === undefined ? this.page.replay().total : next);
    });
    this.playButton.addEventListener("click", () => this.toggle());
    this.slider.addEventListener("input", () => { this.stop(); this.page.go(Number(this.slider.value)); });
    this.speed.addEventListener("input", () => this.showSpeed());
    for (const radio of document.querySelectorAll("input[name=mode]"))
      radio.addEventListener("change", () => { this.stop(); this.page.setMode(radio.value); });
    document.addEventListener("keydown", (event) => this.key(event));
    window.addEventListener("hashchange", () => this.applyFragment());
    this.showSpeed();
  }
  // Steps per second: 1, 2, 5, 10, ... 1000, 2000, 5000 (the slider's 0..12).
  stepsPerSecond() {
    const value = Number(this.speed.value);
    return [1, 2, 5][value % 3] * Math.pow(10, Math.floor(value / 3));
  }
  showSpeed() {
    document.getElementById("speed-text").textContent = this.stepsPerSecond() + " steps/s";
  }
  key(event) {
    const target = event.target || {};
    if (["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName) || event.altKey || event.ctrlKey || event.metaKey)
      return; // sliders, radio buttons and menus use the arrows themselves
    if (target.closest && target.closest("#clauses"))
      return; // the clause board's own buttons, list and menu
    if (target.tagName === "BUTTON" && (event.key === " " || event.key === "Enter"))
      return; // a focused button's own click, not a second action
    const actions = {
      ArrowRight: () => { this.stop(); this.page.go(this.page.step + 1); },
      ArrowLeft: () => { this.stop(); this.page.go(this.page.step - 1); },
      " ": () => this.toggle(),
      Home: () => { this.stop(); this.page.go(0); },
      End: () => { this.stop(); this.page.go(this.page.replay().total); },
    };
    if (actions[event.key]) {
      event.preventDefault();
      actions[event.key]();
    }
  }
  toggle() {
    if (this.timer)
      this.stop();
    else
      this.play();
  }
  play() {
    let last = performance.now(), owed = 0;
    this.playButton.textContent = "pause";
    const tick = (now) => {
      owed += (now - last) / 1000 * this.stepsPerSecond();
      last = now;
      const steps = Math.floor(owed);
      owed -= steps;
      if (steps)
        this.page.go(this.page.step + steps);
      if (this.page.step >= this.page.replay().total) {
        this.stop();
        return;
      }
      this.timer = requestAnimationFrame(tick);
    };
    this.timer = requestAnimationFrame(tick);
  }
  stop() {
    if (this.timer)
      cancelAnimationFrame(this.timer);
    this.timer = null;
    this.playButton.textContent = "play";
  }
  // "#mode=fc&step=40&probe=5,bt:17&press=key:ArrowRight*3,click:back":
  // the mode, the step to show, steps whose records are written into
  // #nq-probe, and then keys and clicks, delivered as real DOM events to
  // the same handlers a reader's keys and clicks reach (for the browser
  // test).
  applyFragment() {
    const fields = new URLSearchParams(location.hash.replace(/^#/, ""));
    this.notes = [];
    const known = ["mode", "step", "probe", "encoding", "queens", "blocked", "square", "propagate", "solver",
                   "sat", "clauses", "analysis", "line", "press", "timing", "keyboard", "only"];
    for (const name of fields.keys())
      if (!known.includes(name))
        this.note("'" + name + "' means nothing here");
    if (fields.has("mode") && ["bt", "fc"].includes(fields.get("mode")))
      this.page.setMode(fields.get("mode"), true);
    else if (fields.has("mode"))
      this.note("no search '" + fields.get("mode") + "' (there are bt and fc)");
    if (fields.has("probe"))
      this.page.probe(fields.get("probe").split(","));
    if (fields.has("step"))
      this.page.go(Number(fields.get("step")));
    this.applyClauseFields(fields);
    if (fields.has("press"))
      for (const action of fields.get("press").split(","))
        this.press(action);
    if (fields.has("timing"))
      this.time(Number(fields.get("timing")));
    if (fields.has("keyboard"))
      this.checkKeyboard();
    if (fields.has("only"))
      this.showOnly(fields.get("only"));
    const shown = document.getElementById("fragment-note");
    shown.textContent = this.notes.length ? "The address asks for what this page lacks, so it is ignored: " +
      this.notes.join("; ") + "." : "";
    shown.hidden = !this.notes.length;
  }
  // An address field the page cannot follow: ignored, and said so at the top.
  note(text) {
    this.notes.push(text);
  }
  // The clause board's fields: "encoding=seq" (an option's last word),
  // "queens=1,2;5,3" and "blocked=..." (squares from 1), "square=4,4" (the
  // square whose clauses are listed), "clauses=4,4" (every encoding's
  // clauses of a square into #nq-clauses) and "propagate=q1,2;b3,3/q2,2"
  // (positions of queens q and ruled-out squares b, whose propagation
  // records go into #nq-probe).
  applyClauseFields(fields) {
    const board = this.page.clauseBoard;
    // A square the board lacks is left out, with a note.
    const squares = (text) => {
      return text ? text.split(";").map((pair) => {
        const [row, column] = pair.split(",").map(Number);
        if (!(row >= 1 && row <= board.n && column >= 1 && column <= board.n)) {
          this.note("no square '" + pair + "' on the " + board.n + " x " + board.n + " board");
          return null;
        }
        return [row - 1, column - 1];
      }).filter(Boolean) : [];
    };
    if (fields.has("encoding")) {
      const index = board.formulas.findIndex(function (f) { return f.option.split(" ")[1] === fields.get("encoding"); });
      if (index < 0) {
        this.note("no encoding '" + fields.get("encoding") + "' (there are " +
          board.formulas.map(function (f) { return f.option.split(" ")[1]; }).join(", ") + ")");
      } else {
        board.chosen = index;
        board.select.value = index;
      }
    }
    if (fields.has("queens"))
      board.queens = new Set(squares(fields.get("queens")).map(String));
    if (fields.has("blocked"))
      board.blocked = new Set(squares(fields.get("blocked")).map(String));
    if (fields.has("square"))
      board.selected = squares(fields.get("square"))[0] || null;
    if (fields.has("line")) {
      if (["row", "column", "diagonal", "anti-diagonal", ""].includes(fields.get("line")))
        board.line = fields.get("line");
      else
        this.note("no line '" + fields.get("line") + "' (there are row, column, diagonal, anti-diagonal)");
    }
    if (fields.has("propagate"))
      board.probePositions(fields.get("propagate").split("/").map(function (position) {
        const queens = [], blocked = [];
        for (const item of position.split(";")) {
          const square = squares(item.slice(1))[0];
          (item[0] === "q" ? queens : blocked).push(String(square));
        }
        return { queens: queens, blocked: blocked };
      }));
    if (fields.has("solver")) {
      if (["sat", "cdcl"].includes(fields.get("solver")))
        this.page.satView.setMode(fields.get("solver"));
      else
        this.note("no solver '" + fields.get("solver") + "' (there are sat and cdcl)");
    }
    if (fields.has("sat"))
      this.page.satView.go(fields.get("sat") === "end" ? this.page.satView.replay().total : Number(fields.get("sat")));
    if (fields.has("analysis"))
      this.page.satView.probeAnalyses();
    if (fields.has("clauses") && squares(fields.get("clauses")).length) {
      const [row, column] = squares(fields.get("clauses"))[0];
      board.probeClauses(row, column);
    }
    board.render();
  }
  // "timing=K" (after every other field but "keyboard" and "only"): K clicks each on the search's step button, the SAT
  // solver's step button and a square of the clause board (which
  // propagates in every encoding), each timed; the medians (ms) go into
  // #nq-timing.
  time(count) {
    const median = function (list) {
      const sorted = list.slice().sort(function (a, b) { return a - b; });
      return sorted[Math.floor(sorted.length / 2)];
    };
    const lines = [], n = this.page.data.n;
    const actions = {
      search: (k) => document.getElementById("step").click(),
      sat: (k) => document.getElementById("sat-step").click(),
      square: (k) => document.getElementById("cb-" + (k % n) + "-" + ((3 * k) % n)).click(),
    };
    const board = this.page.clauseBoard, sat = this.page.satView;
    const kept = { step: this.page.step, sat: sat.step, queens: new Set(board.queens), selected: board.selected };
    const queenMode = document.querySelector("input[name=click][value=queen]");
    for (const name of Object.keys(actions)) {
      if (name === "square")
        queenMode.checked = true;
      const times = [];
      for (let k = 0; k < count; k++) {
        const started = performance.now();
        actions[name](k);
        times.push(performance.now() - started);
      }
      lines.push(name + " " + median(times).toFixed(2));
    }
    // Back where the page was, so that the timing leaves no trace.
    document.querySelector("input[name=click][value=clauses]").checked = true;
    board.queens = kept.queens;
    board.selected = kept.selected;
    board.render();
    sat.go(kept.sat);
    this.page.go(kept.step);
    document.getElementById("nq-timing").textContent = lines.join("\n") + "\n";
  }
  // "keyboard=1": every control (button, input, select, and the clause
  // list's items) must take the keyboard focus (no negative tabindex,
  // nothing disabled), show it (an outline), and have a name a screen
  // reader reads (its text, a label or aria-label). What fails goes into
  // #nq-keyboard, with the number of controls checked.
  checkKeyboard() {
    const controls = document.querySelectorAll("button, input, select, [tabindex]");
    const problems = [];
    for (const control of controls) {
      if (control.closest("[hidden]"))
        continue;
      const what = control.id || control.name + "=" + control.value || control.tagName;
      control.focus();
      if (document.activeElement !== control)
        problems.push(what + ": takes no focus");
      else if (getComputedStyle(control).outlineStyle === "none")
        problems.push(what + ": focus not shown");
      const named = control.getAttribute("aria-label") || control.textContent.trim() ||
        (control.labels && control.labels.length && control.labels[0].textContent.trim());
      if (!named)
        problems.push(what + ": no name for screen readers");
    }
    if (document.activeElement)
      document.activeElement.blur();
    window.scrollTo(0, 0); // focusing scrolled the page along
    document.getElementById("nq-keyboard").textContent = "controls " + controls.length + "\n" +
      (problems.length ? problems.join("\n") : "problems none") + "\n";
  }
  // "only=ID": the page shows that section alone (a screenshot of it, or a
  // handout printed from it).
  showOnly(id) {
    if (!document.getElementById(id))
      throw new Error("only: no section '" + id + "'");
    for (const part of document.querySelectorAll("header, main > section, footer"))
      part.hidden = part.id !== id;
  }
  // "key:NAME" or "click:ID", optionally "*COUNT".
  press(action) {
    const match = /^(key|click):([A-Za-z-]+)(?:\*([0-9]+))?$/.exec(action);
    if (!match)
      throw new Error("press: cannot read '" + action + "'");
    for (let i = 0; i < Number(match[3] || 1); i++) {
      if (match[1] === "key") {
        document.dispatchEvent(new KeyboardEvent("keydown", { key: match[2], bubbles: true }));
      } else {
        const button = document.getElementById(match[2]);
        if (!button)
          throw new Error("press: no element '" + match[2] + "'");
        button.click();
      }
    }
  }
};
