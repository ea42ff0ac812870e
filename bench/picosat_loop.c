/* The anchor of bench/files.sh: the plain PicoSAT model-enumeration loop
 * that `nqsat solve FILE --count` must beat. One PicoSAT instance holds the
 * whole formula; after each model, a blocking clause over the projection
 * variables ("c ind V... 0" / "c p show V... 0" lines, else every
 * variable) excludes it, until the formula is unsatisfiable. No split, no
 * symmetry, no shrinking: what a user writes first (and what `nqsat solve
 * FILE` did before it split into cubes). Projection variables are decided first, as
 * a fair loop would (picosat_set_more_important_lit).
 *
 * A small DIMACS reader of its own (plain text only), so the anchor shares
 * no code with nqsat.
 * usage: picosat_loop FILE    prints: MODELS SECONDS
 * build: cc -std=c11 -O3 -D_POSIX_C_SOURCE=200809L bench/picosat_loop.c -lpicosat */
#include <picosat/picosat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int *push(int *items, size_t *count, size_t *capacity, int value) {
  if (*count == *capacity) {
    *capacity = *capacity ? 2 * *capacity : 1024;
    items = realloc(items, *capacity * sizeof *items);
    if (!items) {
      fprintf(stderr, "picosat_loop: out of memory\n");
      exit(1);
    }
  }
  items[(*count)++] = value;
  return items;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: picosat_loop FILE\n");
    return 2;
  }
  FILE *file = fopen(argv[1], "r");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  int *literals = NULL, *projection = NULL, variables = 0;
  size_t literal_count = 0, literal_capacity = 0, projected = 0, projection_capacity = 0;
  char line[1 << 16];
  /* Clauses may span lines; tokens are read line by line. Lines longer
   * than the buffer are not supported (bench files have short lines). */
  while (fgets(line, sizeof line, file)) {
    char *p = line;
    if (line[0] == 'c') {
      if (!strncmp(line, "c ind ", 6))
        p = line + 6;
      else if (!strncmp(line, "c p show ", 9))
        p = line + 9;
      else
        continue;
      for (;;) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v == 0)
          break;
        projection = push(projection, &projected, &projection_capacity, (int)v);
        p = end;
      }
      continue;
    }
    if (line[0] == 'p') {
      sscanf(line, "p cnf %d", &variables);
      continue;
    }
    for (;;) {
      char *end;
      long literal = strtol(p, &end, 10);
      if (end == p)
        break;
      literals = push(literals, &literal_count, &literal_capacity, (int)literal);
      p = end;
    }
  }
  fclose(file);
  struct timespec start, stop;
  clock_gettime(CLOCK_MONOTONIC, &start);
  PicoSAT *picosat = picosat_init();
  picosat_adjust(picosat, variables);
  for (size_t i = 0; i < literal_count; i++)
    picosat_add(picosat, literals[i]);
  if (!projected)
    for (int v = 1; v <= variables; v++)
      projection = push(projection, &projected, &projection_capacity, v);
  else
    for (size_t i = 0; i < projected; i++)
      picosat_set_more_important_lit(picosat, projection[i]);
  int *blocking = malloc((projected ? projected : 1) * sizeof *blocking);
  unsigned long long models = 0;
  while (picosat_sat(picosat, -1) == PICOSAT_SATISFIABLE) {
    models++;
    for (size_t i = 0; i < projected; i++)
      blocking[i] = picosat_deref(picosat, projection[i]) > 0 ? -projection[i] : projection[i];
    for (size_t i = 0; i < projected; i++)
      picosat_add(picosat, blocking[i]);
    picosat_add(picosat, 0);
  }
  clock_gettime(CLOCK_MONOTONIC, &stop);
  printf("%llu %.3f\n", models,
         (double)(stop.tv_sec - start.tv_sec) + (double)(stop.tv_nsec - start.tv_nsec) * 1e-9);
  picosat_reset(picosat);
  free(literals);
  free(projection);
  free(blocking);
  return 0;
}
