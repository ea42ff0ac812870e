/* Certified model counts (nqsat/proof.h, nq_certificate_check). The cubes
 * are checked by evaluation against every clause; disjointness through
 * their decision paths (check_paths), never cube against cube;
 * completeness by the DRAT or LRAT proof that the formula with every cube
 * blocked has no model, checked by drat_check.c or lrat_check.c. The count is summed as a binary
 * number and compared in decimal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "drat_check.h"
#include "grow.h"
#include "lrat_check.h"
#include "nqsat/proof.h"
#include "proof_formula.h"
#include "proof_tokens.h"

typedef struct certificate {
  proof_clauses cubes;     /* the 'm' lines as read */
  proof_clauses decisions; /* the 'd' lines: the decision path of each cube */
  char claimed[128];
  long claimed_line;
} certificate;

/* The projection: "c ind V... 0" and "c p show V... 0" lines. */
static int read_projection(const char *bytes, size_t size, unsigned char *projected,
                           int variables) {
  int any = 0;
  proof_tokens tokens = {bytes, size, 0, 1};
  while (proof_tokens_skip(&tokens, 0) >= 0) {
    const char *line = bytes + tokens.at;
    size_t length = size - tokens.at;
    size_t skip = length >= 6 && !strncmp(line, "c ind ", 6)      ? 6
                  : length >= 9 && !strncmp(line, "c p show ", 9) ? 9
                                                                  : 0;
    tokens.at += skip;
    int64_t value;
    while (skip && proof_tokens_skip_blanks(&tokens) != '\n' &&
           proof_tokens_integer(&tokens, PROOF_MAX_VARIABLE, &value) == PROOF_TOKEN_OK && value) {
      if (value >= 1 && value <= variables) {
        projected[value] = 1;
        any = 1;
      }
    }
    while (tokens.at < size && bytes[tokens.at] != '\n')
      tokens.at++;
  }
  return any;
}

/* The literals of an 'm' or 'd' line after its letter, up to the 0 that
 * ends them, appended to `list` as one clause. */
static nq_status read_literals(proof_tokens *tokens, int variables, proof_clauses *list,
                               const char *name, char *error, size_t error_size) {
  int64_t line = tokens->line, literal;
  for (;;) {
    if (proof_tokens_skip_blanks(tokens) == '\n' || tokens->at >= tokens->size)
      return proof_parse_error(error, error_size, name, line, "the line does not end in 0");
    int read = proof_tokens_integer(tokens, variables, &literal);
    if (read == PROOF_TOKEN_LARGE)
      return proof_parse_error(error, error_size, name, line,
                               "a literal exceeds the formula's %d variables", variables);
    if (read != PROOF_TOKEN_OK)
      return proof_parse_error(error, error_size, name, line, "expected a literal");
    if (literal == 0)
      return proof_clauses_close(list) ? NQ_ERR_MEMORY : NQ_OK;
    if (proof_clauses_push(list, (int)literal))
      return NQ_ERR_MEMORY;
  }
}

static nq_status read_certificate(const char *bytes, size_t size, const char *name, int variables,
                                  certificate *cert, char *error, size_t error_size) {
  proof_tokens tokens = {bytes, size, 0, 1};
  int first;
  while ((first = proof_tokens_skip(&tokens, 0)) >= 0) {
    const char *text = bytes + tokens.at;
    int64_t line = tokens.line;
    nq_status status = NQ_OK;
    if (size - tokens.at >= 5 && !strncmp(text, "s mc ", 5)) {
      size_t digits = 0;
      while (5 + digits < size - tokens.at && text[5 + digits] >= '0' && text[5 + digits] <= '9')
        digits++;
      tokens.at += 5 + digits;
      if (!digits || digits >= sizeof cert->claimed ||
          (proof_tokens_skip_blanks(&tokens) != '\n' && tokens.at < size))
        return proof_parse_error(error, error_size, name, line, "expected 's mc COUNT'");
      memcpy(cert->claimed, text + 5, digits);
      cert->claimed[digits] = '\0';
      cert->claimed_line = (long)line;
    } else if (first == 'd' || first == 'm') {
      tokens.at++;
      /* Each cube comes after its own decision path. */
      if (cert->decisions.count != cert->cubes.count + (first == 'm'))
        return proof_parse_error(error, error_size, name, line,
                                 first == 'd' ? "a 'd' line not followed by its cube"
                                              : "a cube without its 'd' line of decisions");
      status = read_literals(&tokens, variables, first == 'd' ? &cert->decisions : &cert->cubes,
                             name, error, error_size);
    } else if (first != 'c') {
      return proof_parse_error(error, error_size, name, line,
                               "expected 'd DECISIONS 0', 'm LITERALS 0', 's mc COUNT' or a "
                               "comment");
    }
    if (status != NQ_OK)
      return status;
    while (tokens.at < size && bytes[tokens.at] != '\n')
      tokens.at++;
  }
  if (cert->decisions.count != cert->cubes.count)
    return proof_parse_error(error, error_size, name, tokens.line, "the last 'd' line has no cube");
  if (!cert->claimed_line)
    return proof_parse_error(error, error_size, name, tokens.line, "no 's mc COUNT' line");
  return NQ_OK;
}

/* Adds 2^power to the binary number `limbs` (32 bits each, low first). */
static int add_power(uint32_t **limbs, size_t *count, size_t *capacity, size_t power) {
  size_t index = power / 32;
  if (index + 2 > *count) {
    uint32_t *grown = grow_array(*limbs, capacity, index + 2, sizeof *grown, 16);
    if (!grown)
      return -1;
    memset(grown + *count, 0, (index + 2 - *count) * sizeof *grown);
    *limbs = grown;
    *count = index + 2;
  }
  uint64_t carry = (uint64_t)1 << (power % 32);
  for (size_t i = index; carry; i++) {
    if (i == *count) {
      uint32_t *grown = grow_array(*limbs, capacity, i + 1, sizeof *grown, 16);
      if (!grown)
        return -1;
      *limbs = grown;
      (*limbs)[(*count)++] = 0;
    }
    uint64_t sum = (uint64_t)(*limbs)[i] + carry;
    (*limbs)[i] = (uint32_t)sum;
    carry = sum >> 32;
  }
  return 0;
}

/* The number in decimal into `text` (destroys `limbs`); 0 when it does not
 * fit. */
static int to_decimal(uint32_t *limbs, size_t count, char *text, size_t size) {
  char reversed[4096];
  size_t written = 0;
  for (;;) {
    while (count && limbs[count - 1] == 0)
      count--;
    if (!count)
      break;
    uint64_t remainder = 0;
    for (size_t i = count; i-- > 0;) {
      uint64_t value = (remainder << 32) | limbs[i];
      limbs[i] = (uint32_t)(value / 10);
      remainder = value % 10;
    }
    if (written + 1 >= sizeof reversed)
      return 0;
    reversed[written++] = (char)('0' + remainder);
  }
  if (!written)
    reversed[written++] = '0';
  if (written + 1 > size)
    return 0;
  for (size_t i = 0; i < written; i++)
    text[i] = reversed[written - 1 - i];
  text[written] = '\0';
  return 1;
}

static void fail(nq_certificate_result *result, const char *format, const char *name, long a,
                 long b) {
  char text[400];
  snprintf(text, sizeof text, format, a, b);
  snprintf(result->message, sizeof result->message, "%s: %s", name, text);
}

/* Disjointness through the decision structure, in one pass over the
 * paths (linear in their total length). Consecutive paths must first
 * differ at a position where the earlier one has a literal and the later
 * one its negation, and a position can be flipped so only once while the
 * positions before it stay (`flipped` marks the positions of the current
 * path that hold a second branch). The paths are then the leaves of a
 * binary decision tree in depth-first order: for any two of them, the
 * lowest position where some path in between flips is where they hold a
 * literal and its negation, so their cubes, which contain their paths,
 * share no assignment. Returns 0, or the position that fails (from 1)
 * with *why set. */
static size_t check_paths(const proof_clauses *paths, size_t cube, unsigned char *flipped,
                          const char **why) {
  const int *path = paths->literals + paths->start[cube];
  size_t length = proof_clause_length(paths, cube);
  if (cube == 0) {
    memset(flipped, 0, length);
    return 0;
  }
  const int *previous = paths->literals + paths->start[cube - 1];
  size_t previous_length = proof_clause_length(paths, cube - 1), at = 0;
  while (at < length && at < previous_length && path[at] == previous[at])
    at++;
  if (at == length || at == previous_length) {
    *why = "its decisions extend (or equal) those of the cube before it";
    return at + 1;
  }
  if (path[at] != -previous[at]) {
    *why = "its decisions part from those of the cube before it on another variable";
    return at + 1;
  }
  if (flipped[at]) {
    *why = "it goes back to a branch the cubes before it had left";
    return at + 1;
  }
  flipped[at] = 1;
  memset(flipped + at + 1, 0, length - at - 1);
  return 0;
}

/* Marks failing[cube] for each cube that leaves some clause of the
 * formula unsatisfied, 64 cubes at a time: bit k of holding[2 * v] (of
 * holding[2 * v + 1]) says the block's cube k sets v true (false), so the
 * cubes that satisfy a clause are the OR of its literals' words, and one
 * pass over the formula judges 64 cubes. A cube marked here is judged
 * again alone, which names the clause; an unmarked one satisfies every
 * clause (a cube that gives a variable both values may go unmarked: the
 * check of each cube rejects it first). Returns -1 out of memory. */
static int mark_failing_cubes(const proof_clauses *formula, const unsigned char *tautology,
                              const proof_clauses *cubes, int variables, unsigned char *failing) {
  uint64_t *holding = calloc(2 * (size_t)variables + 2, sizeof *holding);
  if (!holding)
    return -1;
  for (size_t first = 0; first < cubes->count; first += 64) {
    size_t end = cubes->count - first < 64 ? cubes->count : first + 64;
    uint64_t block = end - first == 64 ? ~(uint64_t)0 : ((uint64_t)1 << (end - first)) - 1;
    for (size_t cube = first; cube < end; cube++)
      for (size_t i = cubes->start[cube]; i < cubes->start[cube + 1]; i++) {
        int literal = cubes->literals[i];
        holding[2 * (size_t)abs(literal) + (literal < 0)] |= (uint64_t)1 << (cube - first);
      }
    uint64_t failed = 0;
    for (size_t clause = 0; clause < formula->count && failed != block; clause++) {
      if (tautology[clause])
        continue;
      uint64_t satisfied = 0;
      for (size_t i = formula->start[clause]; i < formula->start[clause + 1]; i++) {
        int literal = formula->literals[i];
        satisfied |= holding[2 * (size_t)abs(literal) + (literal < 0)];
      }
      failed |= block & ~satisfied;
    }
    for (size_t cube = first; cube < end; cube++) {
      failing[cube] = (unsigned char)((failed >> (cube - first)) & 1);
      for (size_t i = cubes->start[cube]; i < cubes->start[cube + 1]; i++) {
        int literal = cubes->literals[i];
        holding[2 * (size_t)abs(literal) + (literal < 0)] = 0;
      }
    }
  }
  free(holding);
  return 0;
}

nq_status nq_certificate_check(const char *cnf_path, const char *certificate_path,
                               const char *proof_path, int lrat, nq_certificate_result *result,
                               char *error, size_t error_size) {
  memset(result, 0, sizeof *result);
  char *cnf = NULL, *cert_bytes = NULL, *proof = NULL;
  size_t cnf_size = 0, cert_size = 0, proof_size = 0;
  proof_clauses formula;
  certificate cert;
  memset(&cert, 0, sizeof cert);
  unsigned char *projected = NULL, *flipped = NULL, *tautology = NULL, *failing = NULL;
  signed char *value = NULL;
  uint32_t *limbs = NULL;
  size_t limb_count = 0, limb_capacity = 0;
  nq_status status = NQ_ERR_MEMORY;
  if (proof_clauses_init(&formula) || proof_clauses_init(&cert.cubes) ||
      proof_clauses_init(&cert.decisions))
    goto done;
  status = proof_read_file(cnf_path, &cnf, &cnf_size, error, error_size);
  if (status == NQ_OK)
    status = proof_read_file(certificate_path, &cert_bytes, &cert_size, error, error_size);
  if (status == NQ_OK)
    status = proof_read_file(proof_path, &proof, &proof_size, error, error_size);
  if (status == NQ_OK)
    status = proof_parse_dimacs(cnf, cnf_size, cnf_path, &formula, error, error_size);
  if (status != NQ_OK)
    goto done;
  int variables = formula.max_variable;
  status = NQ_ERR_MEMORY;
  projected = calloc((size_t)variables + 1, 1);
  value = calloc((size_t)variables + 1, 1);
  if (!projected || !value)
    goto done;
  if (!read_projection(cnf, cnf_size, projected, variables))
    memset(projected + 1, 1, (size_t)variables);
  size_t projection_size = 0;
  for (int v = 1; v <= variables; v++)
    projection_size += projected[v];
  status = read_certificate(cert_bytes, cert_size, certificate_path, variables, &cert, error,
                            error_size);
  if (status != NQ_OK)
    goto done;
  size_t cubes = cert.cubes.count, longest_path = 0;
  result->cubes = cubes;
  for (size_t cube = 0; cube < cubes; cube++)
    if (proof_clause_length(&cert.decisions, cube) > longest_path)
      longest_path = proof_clause_length(&cert.decisions, cube);
  status = NQ_ERR_MEMORY;
  flipped = calloc(longest_path + 1, 1);
  if (!flipped)
    goto done;
  /* A clause with a literal and its negation holds under every
   * assignment, whatever a cube leaves free. */
  tautology = calloc(formula.count + 1, 1);
  if (!tautology)
    goto done;
  for (size_t clause = 0; clause < formula.count; clause++) {
    const int *literals = formula.literals + formula.start[clause];
    size_t length = proof_clause_length(&formula, clause);
    for (size_t i = 0; i < length; i++)
      value[abs(literals[i])] = 0;
    for (size_t i = 0; i < length && !tautology[clause]; i++) {
      signed char sign = literals[i] < 0 ? -1 : 1;
      tautology[clause] = value[abs(literals[i])] == -sign;
      value[abs(literals[i])] = sign;
    }
    for (size_t i = 0; i < length; i++)
      value[abs(literals[i])] = 0;
  }
  failing = calloc(cubes + 1, 1);
  if (!failing || mark_failing_cubes(&formula, tautology, &cert.cubes, variables, failing))
    goto done;
  status = NQ_OK;
  /* Each cube: consistent, contains its decisions, satisfies every
   * clause, apart from the cubes before it; its free variables. */
  for (size_t cube = 0; cube < cubes; cube++) {
    const int *literals = cert.cubes.literals + cert.cubes.start[cube];
    size_t length = proof_clause_length(&cert.cubes, cube);
    size_t assigned_projected = 0;
    int clash = 0;
    for (size_t i = 0; i < length; i++) {
      int variable = abs(literals[i]);
      signed char sign = literals[i] < 0 ? -1 : 1;
      if (value[variable] == -sign)
        clash = variable;
      if (value[variable] == 0 && projected[variable])
        assigned_projected++;
      value[variable] = sign;
    }
    long bad_clause = -1, bad_decision = 0;
    const int *path = cert.decisions.literals + cert.decisions.start[cube];
    size_t path_length = proof_clause_length(&cert.decisions, cube);
    for (size_t clause = 0; failing[cube] && clause < formula.count && !clash && bad_clause < 0;
         clause++) {
      int satisfied = tautology[clause];
      for (size_t i = formula.start[clause]; i < formula.start[clause + 1] && !satisfied; i++) {
        int literal = formula.literals[i];
        satisfied = value[abs(literal)] == (literal < 0 ? -1 : 1);
      }
      if (!satisfied)
        bad_clause = (long)clause + 1;
    }
    for (size_t i = 0; i < path_length && !clash && bad_clause < 0 && !bad_decision; i++)
      if (!projected[abs(path[i])] || value[abs(path[i])] != (path[i] < 0 ? -1 : 1))
        bad_decision = path[i];
    for (size_t i = 0; i < length; i++)
      value[abs(literals[i])] = 0;
    const char *why = NULL;
    size_t bad_position = clash || bad_decision || bad_clause >= 0
                              ? 0
                              : check_paths(&cert.decisions, cube, flipped, &why);
    if (clash)
      fail(result, "cube %ld gives variable %ld both values", certificate_path, (long)cube + 1,
           clash);
    else if (bad_clause >= 0)
      fail(result, "cube %ld does not satisfy clause %ld of the formula", certificate_path,
           (long)cube + 1, bad_clause);
    else if (bad_decision)
      fail(result, "cube %ld does not hold its decision %ld on a projected variable",
           certificate_path, (long)cube + 1, bad_decision);
    else if (bad_position) {
      char text[300];
      snprintf(text, sizeof text, "cube %%ld may overlap the cubes before it: at decision %%ld, %s",
               why);
      fail(result, text, certificate_path, (long)cube + 1, (long)bad_position);
    }
    if (result->message[0])
      goto done;
    if (add_power(&limbs, &limb_count, &limb_capacity, projection_size - assigned_projected)) {
      status = NQ_ERR_MEMORY;
      goto done;
    }
  }
  if (!to_decimal(limbs, limb_count, result->count, sizeof result->count))
    snprintf(result->count, sizeof result->count, "(too many digits)");
  if (strcmp(result->count, cert.claimed)) {
    snprintf(result->message, sizeof result->message,
             "%s:%ld: the certificate claims %s models, its cubes make %s", certificate_path,
             cert.claimed_line, cert.claimed, result->count);
    goto done;
  }
  /* Complete: the formula with every cube blocked (the negation of its
   * projected literals, after the formula's clauses in cube order) has no
   * model. */
  size_t numbered = formula.count;
  for (size_t cube = 0; cube < cubes; cube++) {
    for (size_t i = cert.cubes.start[cube]; i < cert.cubes.start[cube + 1]; i++)
      if (projected[abs(cert.cubes.literals[i])] &&
          proof_clauses_push(&formula, -cert.cubes.literals[i]))
        status = NQ_ERR_MEMORY;
    if (proof_clauses_close(&formula))
      status = NQ_ERR_MEMORY;
  }
  if (status != NQ_OK)
    goto done;
  nq_proof_result proof_result;
  /* In LRAT, a cube's blocking clause has the id the lemmas skip. */
  status = lrat ? lrat_check_clauses(&formula, numbered, proof, proof_size, proof_path,
                                     &proof_result, error, error_size)
                : drat_check_clauses(&formula, proof, proof_size, proof_path, NULL, &proof_result,
                                     error, error_size);
  if (status != NQ_OK)
    goto done;
  if (!proof_result.verified) {
    snprintf(result->message, sizeof result->message,
             "the proof does not show the cubes complete: %s", proof_result.message);
    goto done;
  }
  result->verified = 1;
  snprintf(result->message, sizeof result->message,
           "verified: %s models in %llu cubes, each satisfying every clause, disjoint by their "
           "decisions; %s refutes the formula with every cube blocked",
           result->count, (unsigned long long)cubes, proof_path);
done:
  free(cnf);
  free(cert_bytes);
  free(proof);
  free(projected);
  free(value);
  free(flipped);
  free(tautology);
  free(failing);
  free(limbs);
  proof_clauses_free(&formula);
  proof_clauses_free(&cert.cubes);
  proof_clauses_free(&cert.decisions);
  return status;
}
