/* The header lines that describe a rows-model file. A reader needs only
 * "c N: n", "c model: rows" and "c csp: NAME" (and the "c nqsat map" lines
 * of a shuffled file) to decode a model: the numbering is the closed form
 * stated in nqsat/encoder.h and repeated here in words for people. */
#include "csp.h"
#include "writers.h"

void write_rows_description(text_stream *stream, const nq_encoding *encoding) {
  const csp_scheme *scheme = csp_scheme_of(encoding->csp);
  int n = encoding->n, width = scheme->width(n);
  text_printf(stream,
              "c model: rows (one integer q_r in 1..%d per row r, the column of its queen; "
              "q_r != q_s and |q_r - q_s| != |r - s|)\n",
              n);
  text_printf(stream, "c csp: %s (%s)\n", scheme->name, scheme->source);
  text_put(stream, "c models: parsimonious, exactly one model per board\n");
  switch (encoding->csp) {
  case NQ_CSP_DIRECT:
  case NQ_CSP_SUPPORT:
    text_printf(stream,
                "c variables: x(r,v) = (r-1)*%d + v means q_r = v (r, v from 1): the "
                "matrix model's queen numbering\n",
                n);
    break;
  case NQ_CSP_ORDER:
    text_printf(stream,
                "c variables: p(r,a) = (r-1)*%d + a means q_r <= a (r from 1, a = 1..%d); "
                "q <= %d always holds and has no variable\n",
                width, n - 1, n);
    break;
  default:
    text_printf(stream,
                "c variables: b(r,k) = (r-1)*%d + k + 1 is bit k (weight 2^k) of q_r - 1 (r from "
                "1, k = 0..%d); bit patterns of values above %d are excluded\n",
                width, width - 1, n);
    break;
  }
}
