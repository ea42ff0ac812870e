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

usage: teach_cdp.py CHROMIUM PAGE.html OUT_DIR
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
        for kind in ("keyDown", "keyUp"):
            self.send("Input.dispatchKeyEvent",
                      {"type": kind, "key": key, "code": code, "windowsVirtualKeyCode": key_code,
                       "nativeVirtualKeyCode": key_code, "modifiers": modifiers})

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
  return e.id || (e.closest('#clause-board') ? 'square ' + e.dataset.row + ',' + e.dataset.column :
    e.closest('#clause-list') ? 'clause ' + Array.prototype.indexOf.call(e.parentNode.children, e) :
    e.type === 'radio' ? 'radio group ' + e.name :
    e.name ? e.name + '=' + e.value : e.tagName + ':' + e.textContent.trim().slice(0, 30));
})"""

# Every control a reader must reach: what can take the focus and is shown.
CONTROLS = """Array.from(document.querySelectorAll(
  'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])'))
  .filter((e) => !e.disabled && !e.closest('[hidden]') && e.getClientRects().length)
  .map(%s)
  .filter((what, i, all) => all.indexOf(what) === i)""" % DESCRIBE


def keyboard(browser):
    """Tab from the top through the whole page, once around."""
    expected = browser.evaluate(CONTROLS)
    if len(expected) < 60:
        fail("only %d controls found on the page" % len(expected))
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
        finally:
            browser.close()


main()
