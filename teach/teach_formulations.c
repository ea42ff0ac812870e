/* The page's "two formulations" section: the matrix model and the rows
 * model for this N side by side, with their variables, constraint groups
 * and the size of every encoding (nq_encoder_measure). The propagation
 * column states what tests/test_encoder_csp.c checks. */
#include <inttypes.h>
#include <stdio.h>

#include "nqsat/encoder.h"
#include "teach.h"

static void size_row(markup_writer *out, const nq_encoding *encoding, const char *option,
                     const char *name, const char *note) {
  nq_formula_size size;
  if (nq_encoder_measure(encoding, &size) != NQ_OK)
    return;
  markup_printf(out,
                "<tr><th><code>%s %s</code></th><td>%" PRId64 "</td><td>%" PRId64
                "</td><td>%" PRId64 "</td>",
                option, name, size.variables, size.clauses, size.literals);
  if (note)
    markup_printf(out, "<td class=\"note\">%s</td>", note);
  markup_put(out, "</tr>\n");
}

static const char *const propagation[NQ_CSP_COUNT] = {
    "forward checking: a queen's attacks are removed from the other rows",
    "arc consistency: also every value left without support",
    "bounds only: an attacked value goes when it is a row's lowest or highest",
    "weakest: only rows with one bit left unfixed lose values"};

void teach_write_formulations(markup_writer *out, int n) {
  int diagonals = n > 1 ? 2 * (2 * n - 3) : 0;
  markup_printf(out,
                "<div class=\"models\">\n<div>\n<h3>Matrix model: a Boolean per square "
                "(<code>nqsat encode %d</code>)</h3>\n"
                "<p>%d variables x(r,c): is there a queen on square (r, c)? Constraint groups: "
                "%d rows with exactly one queen (an at-least-one clause and an at-most-one), "
                "%d columns and %d diagonals of two or more squares with at most one. How "
                "&ldquo;at most one&rdquo; becomes clauses is the encoding:</p>\n"
                "<table><thead><tr><th>encoding</th><th>variables</th><th>clauses</th>"
                "<th>literals</th></tr></thead><tbody>\n",
                n, n * n, n, n, diagonals);
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++) {
    nq_encoding encoding = {.n = n, .amo = (nq_amo)amo};
    size_row(out, &encoding, "--amo", nq_amo_name((nq_amo)amo), NULL);
  }
  markup_printf(out,
                "</tbody></table>\n</div>\n<div>\n<h3>Rows model: an integer per row "
                "(<code>nqsat encode %d --model rows</code>)</h3>\n"
                "<p>%d variables q<sub>1</sub>..q<sub>%d</sub> with values 1..%d: the column of "
                "each row's queen, so &ldquo;one queen per row&rdquo; needs no constraint. "
                "Constraint groups: for each of the %d pairs of rows r &lt; s, "
                "q<sub>r</sub> &ne; q<sub>s</sub> and |q<sub>r</sub> &minus; q<sub>s</sub>| "
                "&ne; s &minus; r. The classic CSP-to-SAT encodings, and what unit "
                "propagation achieves with each:</p>\n"
                "<table><thead><tr><th>encoding</th><th>variables</th><th>clauses</th>"
                "<th>literals</th><th>unit propagation</th></tr></thead><tbody>\n",
                n, n, n, n, n * (n - 1) / 2);
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++) {
    nq_encoding encoding = {.n = n, .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
    size_row(out, &encoding, "--csp", nq_csp_name((nq_csp)csp), propagation[csp]);
  }
  markup_printf(
      out,
      "</tbody></table>\n"
      "<p><code>direct</code> has exactly the clauses of the matrix model with "
      "<code>--amo pairwise</code>: its x(r,v) is the queen variable of square (r, v), "
      "a row's at-least-one and at-most-one are the same, and its conflicts between two "
      "rows are the column and diagonal pairs.</p>\n"
      "<p>In MiniZinc (<code>nqsat encode %d --format mzn</code>) the rows model is three "
      "global constraints: <code>alldifferent(q)</code>, "
      "<code>alldifferent(i in 1..n)(q[i] + i)</code> and "
      "<code>alldifferent(i in 1..n)(q[i] - i)</code>; the solver chooses how to "
      "propagate them.</p>\n</div>\n</div>\n",
      n);
}
