/* The shape of listed models (see answer_shape.h). Models are packed two
 * bits a variable (nq_answer_model_bits): bit 2(v % 4) of byte v / 4 says
 * v is given, the bit above it that v is true; masks use the same layout,
 * so a model is checked a byte (four variables) at a time. */
#include "answer_shape.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void set_pair(unsigned char *packed, int64_t variable, unsigned pair) {
  packed[variable / 4] |= (unsigned char)(pair << (2 * (variable % 4)));
}

static int has_bit(const unsigned char *packed, int64_t variable) {
  return packed[variable / 4] >> (2 * (variable % 4)) & 1;
}

int answer_shape_init(answer_shape *shape, const nq_instance *instance, const nq_answer *answer,
                      const unsigned char *occurs) {
  memset(shape, 0, sizeof *shape);
  int64_t variables = answer->variables;
  shape->bytes = nq_answer_model_bytes(answer);
  shape->projected = calloc((size_t)variables + 1, 1);
  shape->required = calloc(shape->bytes, 1);
  if (!shape->projected || !shape->required)
    return -1;
  int64_t projected = 0;
  if (instance->projection) {
    for (size_t i = 0; i < instance->projection_count; i++) {
      int v = instance->projection[i];
      projected += !shape->projected[v];
      shape->projected[v] = 1;
    }
  } else {
    memset(shape->projected + 1, 1, (size_t)variables);
    projected = variables;
  }
  if (projected < variables) {
    if (!(shape->key_mask = calloc(shape->bytes, 1)))
      return -1;
    for (int64_t v = 1; v <= variables; v++)
      if (shape->projected[v])
        set_pair(shape->key_mask, v, 3);
  }
  for (int64_t v = 1; v <= variables; v++)
    shape->unused += shape->projected[v] && !occurs[v];
  shape->omitting_unused = answer->unlisted_line || answer->count.listed > 0;
  /* One witness and no count (a SAT solver's answer; MiniSat leaves out
   * the variables in no clause): those variables may take either value,
   * so it may give them or not; it stands for no number of models. */
  int witness = !shape->omitting_unused && answer->model_count == 1 && !answer->count.line &&
                !answer->has_estimate;
  if (shape->omitting_unused && shape->unused && !(shape->forbidden = calloc(shape->bytes, 1)))
    return -1;
  for (int64_t v = 1; v <= variables; v++) {
    if (!shape->projected[v])
      continue;
    if ((!shape->omitting_unused && !witness) || occurs[v])
      set_pair(shape->required, v, 1);
    else if (shape->forbidden)
      set_pair(shape->forbidden, v, 1);
  }
  return 0;
}

void answer_shape_clear(answer_shape *shape) {
  free(shape->projected);
  free(shape->key_mask);
  free(shape->required);
  free(shape->forbidden);
  memset(shape, 0, sizeof *shape);
}

/* The first variable whose "given" bit is set in `a & ~b`. */
static int64_t first_set(const unsigned char *a, const unsigned char *b, size_t bytes) {
  for (size_t i = 0; i < bytes; i++) {
    unsigned bits = a[i] & ~b[i] & 0x55u;
    if (bits)
      return 4 * (int64_t)i + __builtin_ctz(bits) / 2;
  }
  return 0;
}

int answer_shape_check(const answer_shape *shape, const nq_answer *answer, size_t m, char *why,
                       size_t why_size) {
  const unsigned char *bits = nq_answer_model_bits(answer, m);
  nq_answer_cube cube = nq_answer_cube_of(answer, m);
  if (shape->forbidden) {
    int64_t v = 0;
    for (size_t i = 0; i < shape->bytes && !v; i++) {
      unsigned given = bits[i] & shape->forbidden[i] & 0x55u;
      if (given)
        v = 4 * (int64_t)i + __builtin_ctz(given) / 2;
    }
    if (v) {
      snprintf(why, why_size,
               "variable %" PRId64 " occurs in no clause, and the answer says such variables "
               "are not listed (line %ld)",
               v, answer->unlisted_line);
      return 0;
    }
  }
  if (!nq_answer_is_cube(answer, m)) {
    /* The common case first, eight bytes at a time: every required
     * variable given. */
    size_t i = 0;
    uint64_t lacking = 0;
    for (; i + 8 <= shape->bytes; i += 8) {
      uint64_t have, need;
      memcpy(&have, bits + i, 8);
      memcpy(&need, shape->required + i, 8);
      lacking |= need & ~have;
    }
    for (; i < shape->bytes; i++)
      lacking |= (uint64_t)(shape->required[i] & ~bits[i] & 0x55u);
    if (!lacking)
      return 1;
  }
  uint64_t missing = 0;
  for (size_t i = 0; i < shape->bytes; i++)
    missing += (uint64_t)__builtin_popcount(shape->required[i] & ~bits[i] & 0x55u);
  for (size_t k = 0; k < cube.free_count; k++) {
    int v = answer->free_variables[cube.free_first + k];
    if (!has_bit(shape->required, v)) {
      snprintf(why, why_size, "'c free' (line %ld) names variable %d, which is not %s",
               cube.free_line, v,
               shape->projected[v] ? "listed (it occurs in no clause)" : "projected");
      return 0;
    }
  }
  if (missing == cube.free_count)
    return 1;
  int64_t v = first_set(shape->required, bits, shape->bytes);
  for (size_t k = 0; k < cube.free_count && v; k++)
    if (answer->free_variables[cube.free_first + k] == v) {
      /* a free one: name the first missing variable that is not free */
      unsigned char *rest = malloc(shape->bytes);
      if (!rest)
        break;
      memcpy(rest, bits, shape->bytes);
      for (size_t f = 0; f < cube.free_count; f++)
        set_pair(rest, answer->free_variables[cube.free_first + f], 1);
      v = first_set(shape->required, rest, shape->bytes);
      free(rest);
      break;
    }
  snprintf(why, why_size,
           "a partial model: variable %" PRId64 " (%s) has no value; only a cube marked by "
           "'c free' lines may leave one out",
           v, shape->projected[v] ? "projected" : "declared");
  return 0;
}

const unsigned char *answer_shape_key(const answer_shape *shape, const nq_answer *answer, size_t m,
                                      unsigned char *buffer) {
  const unsigned char *bits = nq_answer_model_bits(answer, m);
  if (!shape->key_mask)
    return bits;
  for (size_t i = 0; i < shape->bytes; i++)
    buffer[i] = bits[i] & shape->key_mask[i];
  return buffer;
}

uint64_t answer_shape_weight(const answer_shape *shape, const nq_answer *answer, size_t m) {
  return nq_answer_cube_of(answer, m).free_count +
         (shape->omitting_unused ? (uint64_t)shape->unused : 0);
}

int answer_shape_overlap(const answer_shape *shape, const nq_answer *answer, size_t a, size_t b) {
  const unsigned char *x = nq_answer_model_bits(answer, a), *y = nq_answer_model_bits(answer, b);
  for (size_t i = 0; i < shape->bytes; i++) {
    unsigned both = x[i] & y[i] & 0x55u;
    unsigned differ = (unsigned)((x[i] ^ y[i]) >> 1) & 0x55u;
    unsigned mask = shape->key_mask ? shape->key_mask[i] & 0x55u : 0x55u;
    if (both & differ & mask)
      return 0;
  }
  return 1;
}

int power_sum_add(power_sum *sum, uint64_t exponent) {
  size_t limb = (size_t)(exponent / 32);
  if (limb + 2 > sum->size) {
    size_t size = limb + 2;
    uint32_t *grown = realloc(sum->limbs, size * sizeof *grown);
    if (!grown)
      return -1;
    memset(grown + sum->size, 0, (size - sum->size) * sizeof *grown);
    sum->limbs = grown;
    sum->size = size;
  }
  uint64_t carry = (uint64_t)1 << (exponent % 32);
  for (size_t i = limb; carry; i++) {
    if (i == sum->size) {
      uint32_t *grown = realloc(sum->limbs, (sum->size + 1) * sizeof *grown);
      if (!grown)
        return -1;
      sum->limbs = grown;
      sum->limbs[sum->size++] = 0;
    }
    uint64_t value = (uint64_t)sum->limbs[i] + carry;
    sum->limbs[i] = (uint32_t)value;
    carry = value >> 32;
  }
  return 0;
}

char *power_sum_digits(const power_sum *sum) {
  size_t size = sum->size;
  while (size && !sum->limbs[size - 1])
    size--;
  uint32_t *work = malloc((size ? size : 1) * sizeof *work);
  /* Base 10^9 pieces, least significant first: at most 10 digits for
   * every 32 bits. */
  char *digits = malloc(10 * (size + 1) + 1);
  uint32_t *pieces = malloc((size + 1) * 2 * sizeof *pieces);
  if (!work || !digits || !pieces) {
    free(work);
    free(digits);
    free(pieces);
    return NULL;
  }
  if (size)
    memcpy(work, sum->limbs, size * sizeof *work);
  size_t count = 0;
  while (size) {
    uint64_t remainder = 0;
    for (size_t i = size; i-- > 0;) {
      uint64_t value = remainder << 32 | work[i];
      work[i] = (uint32_t)(value / 1000000000u);
      remainder = value % 1000000000u;
    }
    pieces[count++] = (uint32_t)remainder;
    while (size && !work[size - 1])
      size--;
  }
  int used = sprintf(digits, "%" PRIu32, count ? pieces[count - 1] : 0);
  for (size_t i = count > 0 ? count - 1 : 0; i-- > 0;)
    used += sprintf(digits + used, "%09" PRIu32, pieces[i]);
  free(work);
  free(pieces);
  return digits;
}

void power_sum_clear(power_sum *sum) {
  free(sum->limbs);
  sum->limbs = NULL;
  sum->size = 0;
}
