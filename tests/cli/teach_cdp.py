#!/usr/bin/env python3
"""The teaching page driven the way a reader drives it, through the Chrome
DevTools Protocol (headless Chromium, --remote-debugging-pipe: JSON
messages ending in NUL on file descriptors 3 and 4, no library needed).

1. Keyboard only: real Tab key events (Input.dispatchKeyEvent) from the
   top of the page; after each, document.activeElement is recorded. Every
   control of the page (buttons, sliders, radio buttons, the menu, the
   clause board's squares, the listed clauses) must be reached, show its
   focus (computed outline or box-shadow not none) and have the name
   Chromium's accessibility tree gives it (Accessibility.getPartialAXTree).
   The clause board is one Tab stop (a roving tabindex), its squares
   reached with the arrow keys.
   A group of radio buttons is one stop of Tab (the arrow keys move within
   it), so it counts as one control.
2. Print: with print media emulated (Emulation.setEmulatedMedia), the
   boards and the current step's explanations are shown and no control is;
   the page printed to PDF (Page.printToPDF) is a PDF of some size.
3. Responsive: at 400 and 1280 px the page is no wider than the window;
   a screenshot of each.
4. Screenshots of three sections (Page.captureScreenshot, clipped): the
   clause board with a square's clauses, propagation side by side, the SAT
   solver's search; the caller checks they are not blank.

usage: teach_cdp.py CHROMIUM PAGE.html OUT_DIR [NQSAT]
Prints what it found; exit 1 with the reason on the first failure."""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time


class Browser:
    def __init__(self, chromium, profile):
        to_browser_read, self.to_browser = os.pipe()
        self.from_browser, from_browser_write = os.pipe()

        def descriptors():
            # Copies first: a pipe may already sit on 3 or 4, and dup2
            # onto itself would keep it close-on-exec.
            reading, writing = os.dup(to_browser_read), os.dup(from_browser_write)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
             "--no-first-run", "--disable-background-networking", "--disable-component-update",
             "--disable-sync", "--user-data-dir=" + profile, "--remote-debugging-pipe",
             "--window-size=1280,1400", "about:blank"],
            preexec_fn=descriptors, close_fds=False, stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL)
        os.close(to_browser_read)
        os.close(from_browser_write)
        self.buffer = b""
        self.next_id = 0
        self.session = None

    def send(self, method, params=None, session=True):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.to_browser, json.dumps(message).encode() + b"\0")
        deadline = time.time() + 120
        while True:
            while b"\0" not in self.buffer:
                if time.time() > deadline:
                    fail("no answer from Chromium to " + method)
                chunk = os.read(self.from_browser, 1 << 20)
                if not chunk:
                    fail("Chromium closed the pipe during " + method)
                self.buffer += chunk
            raw, self.buffer = self.buffer.split(b"\0", 1)
            answer = json.loads(raw)
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    fail("%s: %s" % (method, answer["error"]))
                return answer.get("result", {})

    def open(self, url):
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = self.send("Target.attachToTarget",
                             {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = attached["sessionId"]
        self.send("Page.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for("document.readyState === 'complete' && window.NQ !== undefined")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True})
        if "exceptionDetails" in result:
            fail("page script failed: %s: %s" % (expression[:80], result["exceptionDetails"]))
        return result["result"].get("value")

    def wait_for(self, condition):
        deadline = time.time() + 60
        while not self.evaluate("!!(%s)" % condition):
            if time.time() > deadline:
                fail("the page never reached: " + condition)
            time.sleep(0.05)

    def key(self, key, code, key_code, modifiers=0):
        # Enter carries its text, as a real key does (a focused button's
        # click comes from it).
        text = {"Enter": "\r"}.get(key)
        for kind in ("keyDown", "keyUp"):
            event = {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": key_code,
                     "nativeVirtualKeyCode": key_code, "modifiers": modifiers}
            if text and kind == "keyDown":
                event["text"] = text
            self.send("Input.dispatchKeyEvent", event)

    def close(self):
        try:
            self.send("Browser.close", session=False)
        except SystemExit:
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def fail(message):
    print("FAIL: " + message)
    sys.exit(1)


# What identifies an element in these checks, computed in the page.
DESCRIBE = """(function (e) {
  if (!e || e === document.body) return null;
  return (e.closest('#clause-board') ? 'clause board' : e.id) || (
    e.closest('#clause-list') ? 'clause ' + Array.prototype.indexOf.call(e.parentNode.children, e) :
    e.type === 'radio' ? 'radio group ' + e.name :
    e.name ? e.name + '=' + e.value : e.tagName + ':' + e.textContent.trim().slice(0, 30));
})"""

# Every control a reader must reach: what can take the focus and is shown.
CONTROLS = """Array.from(document.querySelectorAll(
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'))
  .filter((e) => !e.disabled && e.tabIndex >= 0 && !e.closest('[hidden]') && e.getClientRects().length)
  .map(%s)
  .filter((what, i, all) => all.indexOf(what) === i)""" % DESCRIBE


def keyboard(browser):
    """Tab from the top through the whole page, once around."""
    expected = browser.evaluate(CONTROLS)
    if len(expected) < 25:
        fail("only %d controls found on the page" % len(expected))
    if expected.count("clause board") != 1:
        fail("the clause board is %d Tab stops, not one" % expected.count("clause board"))
    browser.evaluate("document.activeElement && document.activeElement.blur(), window.scrollTo(0, 0)")
    reached, problems = [], []
    for _ in range(len(expected) + 20):
        browser.key("Tab", "Tab", 9)
        focused = browser.evaluate(DESCRIBE + "(document.activeElement)")
        if focused is None or (reached and focused == reached[0]):
            break  # back at the top, or out of the page
        if focused in reached:
            problems.append("reached twice before the end: " + focused)
            break
        reached.append(focused)
        style = browser.evaluate("""(function (s) {
          return [s.outlineStyle, s.outlineWidth, s.boxShadow];
        })(getComputedStyle(document.activeElement))""")
        if (style[0] == "none" or style[1] in ("0px", "")) and style[2] == "none":
            problems.append(focused + ": its focus is not shown (outline %s %s, box-shadow %s)"
                            % tuple(style))
        handle = browser.send("Runtime.evaluate", {"expression": "document.activeElement"})
        tree = browser.send("Accessibility.getPartialAXTree",
                            {"objectId": handle["result"]["objectId"], "fetchRelatives": False})
        names = [node.get("name", {}).get("value", "") for node in tree.get("nodes", [])
                 if not node.get("ignored")]
        if not any(str(name).strip() for name in names):
            problems.append(focused + ": no accessible name")
    missing = [control for control in expected if control not in reached]
    if missing:
        problems.append("never reached with Tab: " + ", ".join(missing[:12]))
    if problems:
        fail("keyboard: " + "; ".join(problems[:8]))
    print("keyboard: %d controls reached with Tab, each with its focus shown and a name"
          % len(reached))


def printed(browser, out_dir):
    """Print media: the boards and the explanations, no controls."""
    browser.send("Emulation.setEmulatedMedia", {"media": "print"})
    shown = browser.evaluate("""(function () {
      const seen = (e) => e && getComputedStyle(e).display !== 'none' && e.getClientRects().length > 0
        && !e.closest('[hidden]') && e.getBoundingClientRect().width > 0;
      const must = ['#board-wrap svg, #board-wrap table', '#event', '#position', '#clause-board',
                    '#sat-board', '#sat-event'];
      const missing = must.filter((s) => !seen(document.querySelector(s)));
      const controls = Array.from(document.querySelectorAll('button, input, select'))
        .filter((e) => !e.closest('#clause-board') && seen(e)).map((e) => e.id || e.name || e.tagName);
      return { missing: missing, controls: controls,
               event: document.getElementById('event').textContent.trim() };
    })()""")
    if shown["missing"]:
        fail("print: not shown: " + ", ".join(shown["missing"]))
    if shown["controls"]:
        fail("print: controls shown: " + ", ".join(shown["controls"][:10]))
    if not shown["event"]:
        fail("print: the current step's explanation is empty")
    pdf = base64.b64decode(browser.send("Page.printToPDF", {"printBackground": True})["data"])
    with open(os.path.join(out_dir, "teach-print.pdf"), "wb") as f:
        f.write(pdf)
    if not pdf.startswith(b"%PDF") or len(pdf) < 20000:
        fail("print: the PDF is %d bytes, starting %r" % (len(pdf), pdf[:8]))
    browser.send("Emulation.setEmulatedMedia", {"media": ""})
    print("print: boards and the step's explanation shown, no controls; PDF of %d bytes (%s)"
          % (len(pdf), shown["event"][:60]))


def screenshots(browser, out_dir):
    """The clause board, propagation and the SAT search, one PNG each."""
    shots = {"teach-clauses.png": "#clause-board, #clause-list",
             "teach-propagation.png": "#propagation",
             "teach-sat.png": "#sat-board, #sat-counts, #sat-compare"}
    for name, selector in shots.items():
        box = browser.evaluate("""(function () {
          const parts = Array.from(document.querySelectorAll('%s'));
          if (!parts.length) return null;
          parts[0].scrollIntoView();
          const section = parts[0].closest('section').getBoundingClientRect();
          let top = Infinity, bottom = 0;
          for (const p of parts) { const r = p.getBoundingClientRect(); top = Math.min(top, r.top); bottom = Math.max(bottom, r.bottom); }
          return [section.left + window.scrollX, top + window.scrollY - 8, section.width, bottom - top + 16];
        })()""" % selector)
        if not box:
            fail("screenshot %s: nothing matches %s" % (name, selector))
        left, top, width, height = box
        image = browser.send("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": left, "y": top, "width": width, "height": min(height, 1600), "scale": 0.75}})
        with open(os.path.join(out_dir, name), "wb") as f:
            f.write(base64.b64decode(image["data"]))
    print("screenshots: " + " ".join(shots))


def responsive(browser, out_dir):
    """The page at 400 and 1280 px wide: nothing wider than the window
    (no sideways scrolling of the page), a screenshot of each."""
    for width in (400, 1280):
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False})
        browser.evaluate("window.scrollTo(0, 0)")
        wide = browser.evaluate("""(function () {
          const limit = document.documentElement.clientWidth;
          return [document.documentElement.scrollWidth, limit,
                  Array.from(document.querySelectorAll('body *')).filter((e) => {
                    const r = e.getBoundingClientRect();
                    return r.width > 0 && r.right > limit + 1 && !e.closest('[hidden]') &&
                      getComputedStyle(e.parentElement).overflowX !== 'auto' &&
                      !e.parentElement.closest('table');
                  }).slice(0, 5).map((e) => e.id || e.tagName)];
        })()""")
        if wide[0] > width or wide[2]:
            fail("at %d px the page is %d px wide (%s)" % (width, wide[0], ", ".join(wide[2])))
        image = browser.send("Page.captureScreenshot", {"format": "png"})
        with open(os.path.join(out_dir, "teach-%d.png" % width), "wb") as f:
            f.write(base64.b64decode(image["data"]))
    browser.send("Emulation.clearDeviceMetricsOverride")
    print("responsive: 400 and 1280 px wide without sideways scrolling (teach-400.png, teach-1280.png)")


def fragment_and_frames(browser, url):
    """An address the page cannot follow (an unknown encoding, solver,
    search and field) is ignored with a note at the top, no error; and the
    green frames of a focused clause go when the encoding changes by
    keyboard (the list is rebuilt under the reader's focus)."""
    browser.open(url + "#encoding=foo&solver=x&mode=zz&colour=red&step=4&square=9,9")
    note = browser.evaluate("""(function (e) {
      return [e.hidden, e.textContent, document.getElementById('nq-errors').textContent,
              document.getElementById('encoding').selectedIndex, NQ.page.step];
    })(document.getElementById('fragment-note'))""")
    if note[0] or not all(w in note[1] for w in ("'foo'", "'x'", "'zz'", "'colour'", "'9,9'")):
        fail("fragment: the note on the address is %r" % note[1])
    if note[2] or note[3] != 0 or note[4] != 4:
        fail("fragment: errors %r, encoding %d, step %d" % tuple(note[2:]))
    browser.open(url + "#encoding=seq&square=3,4")
    browser.evaluate("document.querySelector('#clause-list li').focus()")
    framed = browser.evaluate("document.querySelectorAll('#clause-board .in-clause').length")
    if not framed:
        fail("frames: a focused clause frames no square")
    browser.evaluate("document.getElementById('encoding').focus()")
    browser.key("ArrowDown", "ArrowDown", 40)
    after = browser.evaluate("""[document.getElementById('encoding').value,
      document.querySelectorAll('#clause-board .in-clause').length]""")
    if after[0] != "2" or after[1]:
        fail("frames: after the encoding changed by keyboard (to option %s), %d squares stay framed"
             % tuple(after))
    print("address: unknown values ignored with a note; frames cleared on a keyboard change of encoding")


def page_data(page):
    html = open(page).read()
    start = html.index('<script type="application/json" id="nq-data">')
    start = html.index(">", start) + 1
    return json.loads(html[start:html.index("</script>", start)])


def sat_keys(browser, url, data):
    """The SAT stepper by real keys on its board (one Tab stop): arrows,
    Home, End and C (the next conflict), each step announced in the
    aria-live sentence; at a learned clause the conflict analysis shows.
    The arrows on a focused radio button choose, they do not step."""
    formula = next(f for f in data["formulas"] if f["option"] == "--csp order")
    events, k, steps, first_conflict = formula["cdcl"]["events"], 0, 0, None
    sizes = {1: 2, 2: 3, 3: 2, 4: 2, 5: 1, 7: 2}
    while k < len(events):
        steps += 1
        if events[k] == 3 and first_conflict is None:
            first_conflict = steps
        k += 2 + events[k + 1] if events[k] == 6 else sizes[events[k]]
    browser.open(url + "#encoding=order&solver=cdcl")
    record = "document.getElementById('nq-sat').textContent.split('\\n')[2]"
    said = "document.getElementById('sat-event').textContent"
    # The clause board: one Tab stop; arrows move inside it, Enter lists
    # the clauses of the square reached.
    browser.evaluate("document.getElementById('cb-0-0').focus()")
    for key, code, number in (("ArrowDown", "ArrowDown", 40), ("ArrowRight", "ArrowRight", 39),
                              ("ArrowRight", "ArrowRight", 39), ("Enter", "Enter", 13)):
        browser.key(key, code, number)
    board = browser.evaluate("""[document.activeElement.id,
      document.querySelectorAll('#clause-board button[tabindex="0"]').length,
      document.getElementById('clause-heading').textContent]""")
    if board[0] != "cb-1-2" or board[1] != 1 or "p(2,3)" not in board[2]:
        fail("clause board keys: focus on %s, %d squares in the Tab order, heading %r" % tuple(board))
    browser.evaluate("document.getElementById('sat-board').focus()")
    seen = []
    for key, code, number in (("ArrowRight", "ArrowRight", 39),) * 3 + (("ArrowLeft", "ArrowLeft", 37),):
        browser.key(key, code, number)
        seen.append(browser.evaluate(said))
    if browser.evaluate(record) != "step 2 of %d" % steps or len(set(seen)) < 2:
        fail("SAT keys: after three right arrows and a left one: %s" % browser.evaluate(record))
    browser.key("End", "End", 35)
    if browser.evaluate(record) != "step %d of %d" % (steps, steps):
        fail("SAT keys: End gives %s" % browser.evaluate(record))
    # The counts table at the end: each count "k of k" under its heading,
    # the recorded totals.
    cdcl = formula["cdcl"]
    want = ["%d of %d" % (cdcl[k], cdcl[k]) for k in ("decisions", "propagations", "conflicts", "learned")]
    counts = browser.evaluate("""[Array.from(document.querySelectorAll('#sat-counts tbody td'))
      .map((c) => c.textContent), document.querySelector('#sat-counts thead').textContent]""")
    if counts[0] != want or any(ch.isdigit() for ch in counts[1]):
        fail("SAT counts at the end: %s under %r, the recording's %s" % (counts[0], counts[1], want))
    browser.key("Home", "Home", 36)
    browser.key("c", "KeyC", 67)
    if browser.evaluate(record) != "step %d of %d" % (first_conflict, steps):
        fail("SAT keys: C from the start gives %s, the first conflict is step %d"
             % (browser.evaluate(record), first_conflict))
    browser.key("ArrowRight", "ArrowRight", 39)  # the learned clause
    shown = browser.evaluate("""[document.getElementById('sat-analysis').hidden,
      document.getElementById('sat-analysis').textContent,
      document.getElementById('sat-event').getAttribute('aria-live')]""")
    if shown[0] or "first unique implication point" not in shown[1] or shown[2] != "polite":
        fail("SAT keys: at the learned clause the analysis is %r" % shown[1][:120])
    before = browser.evaluate("NQ.page.step")
    browser.evaluate("document.querySelector('input[name=mode][value=bt]').focus()")
    browser.key("ArrowRight", "ArrowRight", 39)
    after = browser.evaluate("[NQ.page.step, NQ.page.mode]")
    if after != [0, "fc"] or before != 0:
        fail("keys: the right arrow on a search radio button stepped or did not choose: %s" % after)
    print("clause board: arrows move within one Tab stop, Enter lists the square's clauses")
    print("SAT keys: arrows, Home, End and C step the SAT search from its board, announced; "
          "the analysis shows at a learned clause; arrows on a radio button only choose")


def axe_path():
    """axe-core's script: $AXE_CORE, or under npm's global root; None when
    it is not installed."""
    if os.environ.get("AXE_CORE"):
        return os.environ["AXE_CORE"] if os.path.isfile(os.environ["AXE_CORE"]) else None
    try:
        root = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True,
                              timeout=30).stdout.strip()
    except (OSError, subprocess.TimeoutExpired):
        return None
    path = os.path.join(root, "axe-core", "axe.min.js")
    return path if os.path.isfile(path) else None


def accessibility(browser, url, states):
    """axe-core (Deque's accessibility rules, WCAG 2.1 A and AA and best
    practices) run in the page in each of `states` (address fragments):
    no violation allowed."""
    path = axe_path()
    if not path:
        print("SKIPPED axe-core: not installed (scripts/setup.sh --test-tools installs it; "
              "or set AXE_CORE to axe.min.js)")
        return
    source = open(path).read()
    checked = 0
    for fragment in states:
        browser.open(url + fragment)
        browser.evaluate(source + ";0")
        result = browser.send("Runtime.evaluate", {
            "expression": """axe.run(document, {runOnly: {type: 'tag', values:
              ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']}})
              .then((r) => ({ violations: r.violations.map((v) => v.id + ' (' + v.nodes.length + '): ' +
                v.nodes.slice(0, 2).map((n) => n.target.join(' ') + ' ' + n.failureSummary.replace(/\\s+/g, ' ')
                .slice(0, 160)).join(' | ')), passes: r.passes.length }))""",
            "awaitPromise": True, "returnByValue": True})
        if "exceptionDetails" in result:
            fail("axe-core did not run: %s" % result["exceptionDetails"])
        value = result["result"]["value"]
        if value["violations"]:
            fail("axe-core at %s: %s" % (fragment, "; ".join(value["violations"])[:1500]))
        checked += value["passes"]
    print("axe-core %s: no violation in %d states of the page (%d rules passed in all)"
          % (os.path.basename(os.path.dirname(path)), len(states), checked))


def lines_and_conflicts(browser, url, nqsat):
    """"Its diagonal" lists the whole at-most-one of the square's diagonal:
    exactly the clauses `nqsat encode 6 --amo seq --explain` puts under
    that diagonal's comment (the chain of the sequential counter among
    them); and a position whose unit propagation fails frames the false
    clause's squares instead of blanking the board."""
    text = subprocess.run([nqsat, "encode", "6", "--amo", "seq", "--explain"], check=True,
                          capture_output=True, text=True).stdout
    group, want = None, []
    for line in text.splitlines():
        if line.startswith("c ") and not line.startswith("c a"):
            group = line[2:]
        elif line and line[0] in "-0123456789" and group and group.startswith("diagonal r-c=-1:"):
            want.append(line.strip())
    browser.open(url + "#encoding=seq&square=3,4")
    browser.evaluate("document.querySelector('#line-mode button[data-line=diagonal]').focus()")
    browser.key("Enter", "Enter", 13)
    shown = browser.evaluate("""Array.from(document.querySelectorAll('#clause-list li code'))
      .map((c) => c.textContent)""")
    if not want or shown != want:
        fail("line: the page's diagonal r-c=-1 in --amo seq: %d clauses %s; nqsat encode: %d %s"
             % (len(shown), shown[:3], len(want), want[:3]))
    # Every variable of the encoding by number, the auxiliary ones in the
    # words of the file's "c aV = ..." lines.
    aux = {}
    for line in text.splitlines():
        if line.startswith("c a") and " = " in line and line[3:line.index(" = ")].isdigit():
            aux[int(line[3:line.index(" = ")])] = line[line.index(" = ") + 3:]
    header = next(l for l in text.splitlines() if l.startswith("p cnf"))
    listed = browser.evaluate("""Array.from(document.querySelectorAll('#variable-numbers li'))
      .map((li) => [li.value, li.textContent])""")
    if len(listed) != int(header.split()[2]) or any(v != i + 1 for i, (v, _) in enumerate(listed)):
        fail("variables: %d listed, the file has %s" % (len(listed), header.split()[2]))
    wrong = [(v, t) for v, t in listed if v in aux and t != aux[v]]
    if not aux or wrong or listed[8][1].split(":")[0] != "x(2,3)":
        fail("variables: %d auxiliary in the file; page differs at %s; variable 9 is %r"
             % (len(aux), wrong[:2], listed[8][1]))
    browser.open(url + "#encoding=pairwise&queens=1,1;1,2")
    framed = browser.evaluate("""[Array.from(document.querySelectorAll('#clause-board .in-clause'))
      .map((b) => b.dataset.row + ',' + b.dataset.column).sort(),
      document.querySelector('#propagation tr.active').textContent]""")
    if framed[0] != ["1,1", "1,2"] or "conflict" not in framed[1]:
        fail("conflict: two queens in row 1 frame %s (%s)" % framed)
    print("line: the diagonal's whole at-most-one (%d clauses) as nqsat encode writes it; "
          "%d variables listed by number, %d auxiliary worded as the file; "
          "a conflict frames its false clause" % (len(want), len(listed), len(aux)))


def main():
    chromium, page, out_dir = sys.argv[1:4]
    os.makedirs(out_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as profile:
        browser = Browser(chromium, profile)
        try:
            # A queen on (1,2), the clauses of square (3,4) in --amo seq,
            # the SAT search (DPLL) 30 steps in.
            browser.open("file://" + os.path.abspath(page) +
                         "#mode=fc&step=25&encoding=seq&queens=1,2&square=3,4&solver=sat&sat=30")
            browser.wait_for("document.getElementById('clause-list').children.length > 0")
            screenshots(browser, out_dir)
            responsive(browser, out_dir)
            keyboard(browser)
            printed(browser, out_dir)
            errors = browser.evaluate("document.getElementById('nq-errors').textContent")
            if errors:
                fail("the page reported errors: " + errors[:300])
            fragment_and_frames(browser, "file://" + os.path.abspath(page))
            sat_keys(browser, "file://" + os.path.abspath(page), page_data(page))
            if len(sys.argv) > 4:
                lines_and_conflicts(browser, "file://" + os.path.abspath(page), sys.argv[4])
            accessibility(browser, "file://" + os.path.abspath(page), [
                "#mode=fc&step=25&encoding=seq&queens=1,2&blocked=3,3&square=3,4&solver=cdcl&sat=33",
                "#mode=bt&step=40&encoding=order&solver=sat&sat=end"])
        finally:
            browser.close()


main()
