#!/usr/bin/env bash
# The cactus plot in a real browser: headless Chromium renders the
# cactus.svg of a small `nqsat run` (two solvers, one of which never
# answers, so the plot has one curve, a flat legend entry and a timeout
# line) and takes a screenshot, which must not be blank: enough dark
# pixels for axes, ticks and labels, and pixels in the colour of the
# solving solver's curve (#1f77b4, the first colour). png_ink.py reads the
# PNG with Python's standard library.
#
# usage: run_cactus_browser.sh NQSAT ARTIFACT_DIR
#   ARTIFACT_DIR receives cactus.svg and its screenshot cactus.png.
# Exit 77 (ctest: skipped) when Chromium or python3 is not installed.
. "$(dirname "$0")/lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
SOLVERS=$(cd "$here/../solvers" && pwd)
artifacts=${2:?usage: $0 NQSAT ARTIFACT_DIR}
chromium=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$chromium" ]; then
  echo "SKIPPED: chromium is not installed (scripts/setup.sh --test-tools installs it)"
  exit 77
fi
if ! command -v python3 >/dev/null; then
  echo "SKIPPED: python3 is not installed (scripts/setup.sh --test-tools installs it)"
  exit 77
fi
command -v picosat >/dev/null || { echo "run_cactus_browser: picosat is missing (scripts/setup.sh --test-tools)"; exit 1; }
mkdir -p "$artifacts"
artifacts=$(cd "$artifacts" && pwd) # file:// needs an absolute path
rm -f "$artifacts/cactus.png" "$artifacts/cactus.svg"

S=$WORK/suite
"$NQSAT" suite "$S" --sizes 5,6,8 --encodings pairwise,seq >/dev/null 2>&1 || fail "suite failed"
expect_exit 0 "$NQSAT" run "$S" --timeout 1 --jobs 2 \
  --solver picosat:cnf='picosat {}' --solver hang:cnf="sh $SOLVERS/hang.sh {}"
cp "$S/cactus.svg" "$artifacts/cactus.svg"

profile=$(mktemp -d "$WORK/profile.XXXXXX")
started=$SECONDS
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
  --disable-background-networking --disable-component-update --disable-sync \
  --user-data-dir="$profile" --hide-scrollbars --window-size=860,520 \
  --screenshot="$artifacts/cactus.png" "file://$artifacts/cactus.svg" >"$WORK/chromium.log" 2>&1
echo "Chromium took $((SECONDS - started)) s"
checks=$((checks + 1))
if [ ! -s "$artifacts/cactus.png" ]; then
  fail "no screenshot ($(grep -v dbus "$WORK/chromium.log" | tail -n 3))"
else
  # width height ink blue: pixels not near-white, pixels of the curve's colour.
  read -r width height ink blue < <(python3 "$here/png_ink.py" "$artifacts/cactus.png" 31,119,180)
  echo "screenshot ${width}x$height: $ink pixels of ink, $blue of the curve's colour"
  checks=$((checks + 2))
  # Axes, ticks, labels, legend and the dashed line: well over 2000 dark
  # pixels at 860 x 520; a blank or black page has none or all of them.
  [ "${ink:-0}" -gt 2000 ] && [ "${ink:-0}" -lt $((width * height / 2)) ] ||
    fail "the screenshot looks blank (or filled): $ink pixels of ink of $((width * height))"
  # A 2 px polyline through its dots and a legend swatch: some hundreds.
  [ "${blue:-0}" -gt 200 ] || fail "the solver's curve is not drawn: $blue pixels of its colour"
fi
echo "cactus.svg and its screenshot: $artifacts"
finish
