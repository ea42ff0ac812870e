# A line chart on log-log axes, as SVG, for the bench scripts.
#   awk -v title=T -v xlabel=X -v ylabel=Y -f bench/svg_chart.awk DATA > chart.svg
# DATA: one point per line, "SERIES<TAB>X<TAB>Y" (series in order of first
# appearance; a series name ending in " (dashed)" is drawn dashed, without
# that suffix). Points with X or Y <= 0 are left out. Decade grid lines are
# labelled 1, 10, 100, 1k, ... (or 0.01, 0.1 below 1). The output is
# plain SVG 1.1, readable by any browser or `xmllint`.
BEGIN { FS = "\t"; series_count = 0; xmin = ymin = 1e300; xmax = ymax = -1e300 }
function log10(v) { return log(v) / log(10) }
function escape(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); return s }
function decade_label(d,    suffixes, m) {
  if (d < 0) return sprintf("%g", 10 ^ d)
  split("k M G T P", suffixes, " ")
  m = d % 3 == 0 ? 1 : d % 3 == 1 ? 10 : 100
  return m (d >= 3 ? suffixes[int(d / 3)] : "")
}
$2 > 0 && $3 > 0 {
  if (!($1 in index_of)) { index_of[$1] = ++series_count; name[series_count] = $1 }
  s = index_of[$1]; count[s]++; px[s, count[s]] = $2; py[s, count[s]] = $3
  if ($2 < xmin) xmin = $2; if ($2 > xmax) xmax = $2
  if ($3 < ymin) ymin = $3; if ($3 > ymax) ymax = $3
}
END {
  width = 820; height = 480; left = 80; right = width - 230; top = 40; bottom = height - 60
  if (!series_count) { xmin = ymin = 1; xmax = ymax = 10 }
  x_low = int(log10(xmin)); if (10 ^ x_low > xmin) x_low--
  x_high = int(log10(xmax)); if (10 ^ x_high < xmax) x_high++; if (x_high == x_low) x_high++
  y_low = int(log10(ymin)); if (10 ^ y_low > ymin) y_low--
  y_high = int(log10(ymax)); if (10 ^ y_high < ymax) y_high++; if (y_high == y_low) y_high++
  printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  printf "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\">\n", width, height
  printf "<title>%s</title>\n", escape(title)
  printf "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", width, height
  for (d = x_low; d <= x_high; d++) {
    x = left + (d - x_low) / (x_high - x_low) * (right - left)
    printf "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>\n", x, top, x, bottom
    printf "<text x=\"%.1f\" y=\"%d\" font-size=\"12\" text-anchor=\"middle\">%s</text>\n", x, bottom + 16, decade_label(d)
  }
  for (d = y_low; d <= y_high; d++) {
    y = bottom - (d - y_low) / (y_high - y_low) * (bottom - top)
    printf "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", left, y, right, y
    printf "<text x=\"%d\" y=\"%.1f\" font-size=\"12\" text-anchor=\"end\">%s</text>\n", left - 6, y + 4, decade_label(d)
  }
  printf "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n", left, top, right - left, bottom - top
  printf "<text x=\"%d\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\">%s</text>\n", (left + right) / 2, bottom + 40, escape(xlabel)
  printf "<text x=\"20\" y=\"%d\" font-size=\"13\" text-anchor=\"middle\" transform=\"rotate(-90 20 %d)\">%s</text>\n", (top + bottom) / 2, (top + bottom) / 2, escape(ylabel)
  printf "<text x=\"%d\" y=\"24\" font-size=\"15\" text-anchor=\"middle\">%s</text>\n", (left + right) / 2, escape(title)
  split("#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #17becf #bcbd22 #7f7f7f #000000 #aec7e8", colours, " ")
  for (s = 1; s <= series_count; s++) {
    label = name[s]; dashed = sub(/ \(dashed\)$/, "", label)
    colour = colours[(s - 1) % 12 + 1]
    dash = dashed ? " stroke-dasharray=\"6 3\"" : ""
    points = ""
    for (i = 1; i <= count[s]; i++) {
      x = left + (log10(px[s, i]) - x_low) / (x_high - x_low) * (right - left)
      y = bottom - (log10(py[s, i]) - y_low) / (y_high - y_low) * (bottom - top)
      points = points sprintf("%.1f,%.1f ", x, y)
      dots = dots sprintf("<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>\n", x, y, colour)
    }
    printf "<g><title>%s</title>\n<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"%s\"/>\n%s</g>\n", escape(label), colour, dash, points, dots
    dots = ""
    ly = top + 8 + 18 * (s - 1)
    printf "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" stroke-width=\"2\"%s/>\n", right + 16, ly, right + 40, ly, colour, dash
    printf "<text x=\"%d\" y=\"%d\" font-size=\"12\">%s</text>\n", right + 46, ly + 4, escape(label)
  }
  printf "</svg>\n"
}
