/* Certified model counts (nqsat/proof.h, nq_certificate_check). The cubes
 * are checked by evaluation against every clause; disjointness by sorting
 * when every cube is total on the projection (distinct total assignments
 * are disjoint), else pair by pair; completeness by the DRAT proof that the
 * formula with every cube blocked has no model, checked by drat_check.c.
 * The count is summed as a binary number and compared in decimal. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "nqsat/proof.h"
#include "proof_formula.h"

/* Pair-by-pair comparison is quadratic: beyond this many cubes with free
 * variables the certificate is refused rather than checked for hours. */
enum { PAIRWISE_MAX_CUBES = 20000 };

typedef struct certificate {
  proof_clauses cubes; /* the 'm' lines as read */
  char claimed[128];
  long claimed_line;
} certificate;

/* The projection: "c ind V... 0" and "c p show V... 0" lines. */
static int read_projection(const char *bytes, size_t size, unsigned char *projected,
                           int variables) {
  int any = 0;
  size_t at = 0;
  while (at < size) {
    size_t end = at;
    while (end < size && bytes[end] != '\n')
      end++;
    const char *line = bytes + at;
    size_t length = end - at;
    size_t skip = length >= 6 && !strncmp(line, "c ind ", 6)      ? 6
                  : length >= 9 && !strncmp(line, "c p show ", 9) ? 9
                                                                  : 0;
    for (size_t i = skip; skip && i < length;) {
      while (i < length && line[i] == ' ')
        i++;
      long value = 0;
      int digits = 0;
      while (i < length && line[i] >= '0' && line[i] <= '9' && value <= variables) {
        value = value * 10 + (line[i++] - '0');
        digits++;
      }
      if (!digits)
        break;
      if (value >= 1 && value <= variables) {
        projected[value] = 1;
        any = 1;
      }
    }
    at = end + 1;
  }
  return any;
}

static nq_status read_certificate(const char *bytes, size_t size, const char *name, int variables,
                                  certificate *cert, char *error, size_t error_size) {
  long line = 1;
  size_t at = 0;
  while (at < size) {
    size_t end = at;
    while (end < size && bytes[end] != '\n')
      end++;
    const char *text = bytes + at;
    size_t length = end - at;
    if (length >= 5 && !strncmp(text, "s mc ", 5)) {
      size_t digits = length - 5;
      while (digits && (text[5 + digits - 1] == '\r' || text[5 + digits - 1] == ' '))
        digits--;
      if (!digits || digits >= sizeof cert->claimed)
        return proof_parse_error(error, error_size, name, line, "expected 's mc COUNT'");
      for (size_t i = 0; i < digits; i++)
        if (text[5 + i] < '0' || text[5 + i] > '9')
          return proof_parse_error(error, error_size, name, line, "the count is not a number");
      memcpy(cert->claimed, text + 5, digits);
      cert->claimed[digits] = '\0';
      cert->claimed_line = line;
    } else if (length >= 1 && text[0] == 'm') {
      size_t i = 1;
      int closed = 0;
      while (i < length) {
        while (i < length && (text[i] == ' ' || text[i] == '\r'))
          i++;
        if (i >= length)
          break;
        int negative = text[i] == '-';
        i += negative;
        long value = 0;
        int digits = 0;
        while (i < length && text[i] >= '0' && text[i] <= '9' && value <= variables) {
          value = value * 10 + (text[i++] - '0');
          digits++;
        }
        if (!digits || (i < length && text[i] != ' ' && text[i] != '\r'))
          return proof_parse_error(error, error_size, name, line, "expected a literal");
        if (value > variables)
          return proof_parse_error(error, error_size, name, line,
                                   "literal %s%ld exceeds the formula's %d variables",
                                   negative ? "-" : "", value, variables);
        if (value == 0) {
          closed = 1;
          break;
        }
        if (proof_clauses_push(&cert->cubes, negative ? -(int)value : (int)value))
          return NQ_ERR_MEMORY;
      }
      if (!closed)
        return proof_parse_error(error, error_size, name, line, "the cube does not end in 0");
      if (proof_clauses_close(&cert->cubes))
        return NQ_ERR_MEMORY;
    } else if (length && text[0] != 'c' && text[0] != '\r') {
      return proof_parse_error(error, error_size, name, line,
                               "expected 'm LITERALS 0', 's mc COUNT' or a comment");
    }
    at = end + 1;
    line++;
  }
  if (!cert->claimed_line)
    return proof_parse_error(error, error_size, name, line, "no 's mc COUNT' line");
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

static int compare_rows(const void *a, const void *b, void *width) {
  return memcmp(a, b, *(size_t *)width);
}

/* qsort with a width: rows of `width` bytes, insertion into a sorted index
 * would be quadratic, so a plain merge sort of indices. */
static void sort_rows(unsigned char *rows, size_t count, size_t width, size_t *order,
                      size_t *scratch) {
  for (size_t i = 0; i < count; i++)
    order[i] = i;
  for (size_t run = 1; run < count; run *= 2) {
    for (size_t start = 0; start < count; start += 2 * run) {
      size_t middle = start + run < count ? start + run : count;
      size_t end = start + 2 * run < count ? start + 2 * run : count;
      size_t left = start, right = middle, out = start;
      while (left < middle || right < end)
        if (right >= end ||
            (left < middle &&
             compare_rows(rows + order[left] * width, rows + order[right] * width, &width) <= 0))
          scratch[out++] = order[left++];
        else
          scratch[out++] = order[right++];
      memcpy(order + start, scratch + start, (end - start) * sizeof *order);
    }
  }
}

static void fail(nq_certificate_result *result, const char *format, const char *name, long a,
                 long b) {
  char text[400];
  snprintf(text, sizeof text, format, a, b);
  snprintf(result->message, sizeof result->message, "%s: %s", name, text);
}

nq_status nq_certificate_check(const char *cnf_path, const char *certificate_path,
                               const char *proof_path, nq_certificate_result *result, char *error,
                               size_t error_size) {
  memset(result, 0, sizeof *result);
  char *cnf = NULL, *cert_bytes = NULL, *proof = NULL, *blocked = NULL;
  size_t cnf_size = 0, cert_size = 0, proof_size = 0;
  proof_clauses formula;
  certificate cert;
  memset(&cert, 0, sizeof cert);
  unsigned char *projected = NULL, *rows = NULL;
  signed char *value = NULL;
  uint32_t *limbs = NULL;
  size_t *order = NULL, *scratch = NULL;
  size_t limb_count = 0, limb_capacity = 0;
  nq_status status = NQ_ERR_MEMORY;
  if (proof_clauses_init(&formula) || proof_clauses_init(&cert.cubes))
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
  size_t cubes = cert.cubes.count;
  result->cubes = cubes;
  /* Each cube: consistent, satisfies every clause; its free variables. */
  int all_total = 1;
  size_t width = ((size_t)variables + 4) / 4; /* two bits a projected variable */
  status = NQ_ERR_MEMORY;
  rows = calloc(cubes ? cubes : 1, width);
  if (!rows)
    goto done;
  status = NQ_OK;
  for (size_t cube = 0; cube < cubes; cube++) {
    const int *literals = cert.cubes.literals + cert.cubes.start[cube];
    size_t length = proof_clause_length(&cert.cubes, cube);
    size_t assigned_projected = 0;
    int clash = 0;
    for (size_t i = 0; i < length; i++) {
      int variable = literals[i] < 0 ? -literals[i] : literals[i];
      signed char sign = literals[i] < 0 ? -1 : 1;
      if (value[variable] == -sign)
        clash = variable;
      if (value[variable] == 0 && projected[variable]) {
        assigned_projected++;
        rows[cube * width + (size_t)variable / 4] |=
            (unsigned char)((sign > 0 ? 3 : 1) << (2 * (variable % 4)));
      }
      value[variable] = sign;
    }
    long bad_clause = -1;
    for (size_t clause = 0; clause < formula.count && !clash && bad_clause < 0; clause++) {
      int satisfied = 0;
      for (size_t i = formula.start[clause]; i < formula.start[clause + 1] && !satisfied; i++) {
        int literal = formula.literals[i];
        satisfied = value[literal < 0 ? -literal : literal] == (literal < 0 ? -1 : 1);
      }
      /* A clause with a literal and its negation holds under every
       * assignment, whatever the cube leaves free. */
      for (size_t i = formula.start[clause]; i < formula.start[clause + 1] && !satisfied; i++)
        for (size_t j = i + 1; j < formula.start[clause + 1] && !satisfied; j++)
          satisfied = formula.literals[i] == -formula.literals[j];
      if (!satisfied)
        bad_clause = (long)clause + 1;
    }
    for (size_t i = 0; i < length; i++)
      value[literals[i] < 0 ? -literals[i] : literals[i]] = 0;
    if (clash) {
      fail(result, "cube %ld gives variable %ld both values", certificate_path, (long)cube + 1,
           clash);
      goto done;
    }
    if (bad_clause >= 0) {
      fail(result, "cube %ld does not satisfy clause %ld of the formula", certificate_path,
           (long)cube + 1, bad_clause);
      goto done;
    }
    size_t free_count = projection_size - assigned_projected;
    all_total &= free_count == 0;
    if (add_power(&limbs, &limb_count, &limb_capacity, free_count)) {
      status = NQ_ERR_MEMORY;
      goto done;
    }
  }
  /* Disjoint: distinct rows when every cube is total on the projection. */
  if (cubes > 1 && all_total) {
    order = malloc(cubes * sizeof *order);
    scratch = malloc(cubes * sizeof *scratch);
    if (!order || !scratch) {
      status = NQ_ERR_MEMORY;
      goto done;
    }
    sort_rows(rows, cubes, width, order, scratch);
    for (size_t i = 1; i < cubes; i++)
      if (!memcmp(rows + order[i - 1] * width, rows + order[i] * width, width)) {
        fail(result, "cubes %ld and %ld are the same assignment", certificate_path,
             (long)(order[i - 1] < order[i] ? order[i - 1] : order[i]) + 1,
             (long)(order[i - 1] < order[i] ? order[i] : order[i - 1]) + 1);
        goto done;
      }
  } else if (cubes > 1) {
    if (cubes > PAIRWISE_MAX_CUBES) {
      fail(result, "%ld cubes with free variables: more than the %ld compared pair by pair",
           certificate_path, (long)cubes, (long)PAIRWISE_MAX_CUBES);
      goto done;
    }
    for (size_t a = 0; a < cubes; a++)
      for (size_t b = a + 1; b < cubes; b++) {
        const unsigned char *x = rows + a * width, *y = rows + b * width;
        int disjoint = 0;
        for (size_t i = 0; i < width && !disjoint; i++) {
          /* Both assigned (low bits set) and the values differ. */
          unsigned both = (unsigned)(x[i] & y[i]) & 0x55u;
          unsigned differ = (unsigned)((x[i] ^ y[i]) >> 1) & 0x55u;
          disjoint = (both & differ) != 0;
        }
        if (!disjoint) {
          fail(result, "cubes %ld and %ld overlap (no variable of the projection separates them)",
               certificate_path, (long)a + 1, (long)b + 1);
          goto done;
        }
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
  /* Complete: the formula with every cube blocked has no model. */
  size_t blocked_capacity = cnf_size + cert_size + 64, used = 0;
  blocked = malloc(blocked_capacity);
  if (!blocked) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  used += (size_t)snprintf(blocked, blocked_capacity, "p cnf %d %zu\n", variables,
                           formula.count + cubes);
  for (int part = 0; part < 2; part++) {
    const proof_clauses *list = part ? &cert.cubes : &formula;
    for (size_t clause = 0; clause < list->count; clause++) {
      for (size_t i = list->start[clause]; i < list->start[clause + 1]; i++) {
        int literal = list->literals[i];
        int variable = literal < 0 ? -literal : literal;
        if (part && !projected[variable])
          continue;
        if (used + 16 > blocked_capacity) {
          char *grown = grow_array(blocked, &blocked_capacity, used + 16, 1, 0);
          if (!grown) {
            status = NQ_ERR_MEMORY;
            goto done;
          }
          blocked = grown;
        }
        used += (size_t)snprintf(blocked + used, blocked_capacity - used, "%d ",
                                 part ? -literal : literal);
      }
      if (used + 4 > blocked_capacity) {
        char *grown = grow_array(blocked, &blocked_capacity, used + 4, 1, 0);
        if (!grown) {
          status = NQ_ERR_MEMORY;
          goto done;
        }
        blocked = grown;
      }
      used += (size_t)snprintf(blocked + used, blocked_capacity - used, "0\n");
    }
  }
  nq_proof_result proof_result;
  status = nq_proof_check_drat_memory(blocked, used, proof, proof_size, cnf_path, proof_path,
                                      &proof_result, error, error_size);
  if (status != NQ_OK)
    goto done;
  if (!proof_result.verified) {
    snprintf(result->message, sizeof result->message,
             "the proof does not show the cubes complete: %s", proof_result.message);
    goto done;
  }
  result->verified = 1;
  snprintf(result->message, sizeof result->message,
           "verified: %s models in %llu cubes, disjoint, each satisfying every clause; "
           "%s refutes the formula with every cube blocked",
           result->count, (unsigned long long)cubes, proof_path);
done:
  free(cnf);
  free(cert_bytes);
  free(proof);
  free(blocked);
  free(projected);
  free(value);
  free(rows);
  free(limbs);
  free(order);
  free(scratch);
  proof_clauses_free(&formula);
  proof_clauses_free(&cert.cubes);
  return status;
}
