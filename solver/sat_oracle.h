/* Private to solver/: one formula held by an incremental CDCL solver and
 * asked, again and again, whether it has a model under assumptions.
 * CaDiCaL (Debian's libcadical-dev) when the build found it, PicoSAT
 * otherwise: on the Model Counting Competition's hardest satisfiable
 * files CaDiCaL finds a model 5 to 9 times sooner. */
#ifndef NQSAT_SAT_ORACLE_H
#define NQSAT_SAT_ORACLE_H

#include "search_clock.h"

typedef struct sat_oracle sat_oracle;

/* An empty formula; every solve stops once `clock` has expired (the
 * clock must outlive the oracle). NULL when out of memory. */
sat_oracle *sat_oracle_new(const search_clock *clock);
void sat_oracle_free(sat_oracle *oracle);

/* Declares variables 1..variables, so that sat_oracle_value may be asked
 * of one no clause holds (PicoSAT knows only those it has seen). */
void sat_oracle_reserve(sat_oracle *oracle, int variables);
/* The next literal of the clause being added; 0 ends it. */
void sat_oracle_add(sat_oracle *oracle, int literal);
/* An assumption for the next solve only; -1 when out of memory. */
int sat_oracle_assume(sat_oracle *oracle, int literal);

/* Whether the formula has a model under the assumptions: 1 yes, 0 no, -1
 * unknown (more than `decision_limit` decisions, when it is not
 * negative, or the clock expired). What the solver learns stays for the
 * next call. */
int sat_oracle_solve(sat_oracle *oracle, int decision_limit);
/* After a solve that answered 1: the value of `literal` in the model,
 * 1 true, 0 false. */
int sat_oracle_value(sat_oracle *oracle, int literal);

/* "CaDiCaL" or "PicoSAT", as --stats names it. */
const char *sat_oracle_backend(void);

#endif
