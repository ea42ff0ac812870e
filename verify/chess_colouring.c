/* Colouring the n x n queen graph (OEIS A088202): can k colours give
 * attacking squares different colours?
 *
 * DSATUR-style branch and bound (Brelaz, "New methods to color the
 * vertices of a graph", CACM 22, 1979): colour next the square with the
 * fewest colours left, trying its colours in turn, and a colour no square
 * has yet only as the next new one (colours are interchangeable). The
 * lower bound is the clique of a row: k < n fails at once. Rows and
 * columns are cliques, so a node is cut when a line's uncoloured squares
 * outnumber the colours the line lacks that they may still take (for
 * k = n this is what makes every colour class a solution of N-Queens). */
#include <stdlib.h>

#include "chess_square_set.h"
#include "nqsat/chess.h"

enum { MAX_COLOURS = 32 };

typedef struct colouring {
  int n, squares, colours;
  square_set closed[SQUARE_SET_MAX];
  int *colour;                     /* per square, -1 while uncoloured */
  uint32_t barred[SQUARE_SET_MAX]; /* colours a neighbour already has */
  uint32_t all;                    /* the `colours` low bits */
  square_set uncoloured;
} colouring;

static int popcount32(uint32_t bits) { return __builtin_popcount(bits); }

/* Whether every row and column can still finish: a line is a clique, so
 * its uncoloured squares need as many different colours among those the
 * line lacks and they may take. */
static int lines_can_finish(const colouring *search) {
  int n = search->n;
  for (int direction = 0; direction < 2; direction++)
    for (int line = 0; line < n; line++) {
      uint32_t takeable = 0, present = 0;
      int uncoloured = 0;
      for (int step = 0; step < n; step++) {
        int square = direction == 0 ? line * n + step : step * n + line;
        if (search->colour[square] < 0) {
          takeable |= ~search->barred[square];
          uncoloured++;
        } else {
          present |= 1u << search->colour[square];
        }
      }
      if (popcount32(takeable & ~present & search->all) < uncoloured)
        return 0;
    }
  return 1;
}

static void set_colour(colouring *search, int square, int colour, uint32_t *saved) {
  search->colour[square] = colour;
  search->uncoloured.words[square >> 6] &= ~((uint64_t)1 << (square & 63));
  for (int other = 0; other < search->squares; other++) {
    saved[other] = search->barred[other];
    if (square_set_has(&search->closed[square], other))
      search->barred[other] |= 1u << colour;
  }
}

static void clear_colour(colouring *search, int square, const uint32_t *saved) {
  search->colour[square] = -1;
  square_set_add(&search->uncoloured, square);
  for (int other = 0; other < search->squares; other++)
    search->barred[other] = saved[other];
}

static int colour_rest(colouring *search, int left, int used) {
  if (left == 0)
    return 1;
  if (!lines_can_finish(search))
    return 0;
  uint32_t all = search->all;
  int chosen = -1, fewest = MAX_COLOURS + 1, most_neighbours = -1;
  for (int square = 0; square < search->squares; square++) {
    if (search->colour[square] >= 0)
      continue;
    int options = popcount32(all & ~search->barred[square]);
    if (options > fewest)
      continue;
    /* Brelaz's tie-break: the most uncoloured neighbours. */
    int neighbours = square_set_common(&search->closed[square], &search->uncoloured);
    if (options < fewest || neighbours > most_neighbours) {
      fewest = options;
      most_neighbours = neighbours;
      chosen = square;
    }
  }
  if (fewest == 0)
    return 0;
  uint32_t *saved = malloc((size_t)search->squares * sizeof *saved);
  if (!saved)
    return -1;
  int result = 0;
  for (int colour = 0; colour < search->colours && colour <= used && result == 0; colour++) {
    if (search->barred[chosen] & (1u << colour))
      continue;
    set_colour(search, chosen, colour, saved);
    result = colour_rest(search, left - 1, colour == used ? used + 1 : used);
    clear_colour(search, chosen, saved);
    if (result == 1)
      search->colour[chosen] = colour;
  }
  free(saved);
  return result;
}

/* k = n: the n^2 squares fall into n classes of at most n squares (one a
 * row), so every class is a full solution of N-Queens and the colouring is
 * a partition of the board into n disjoint solutions. The solutions are
 * listed, then an exact cover is searched, the square with the fewest
 * solutions left covering it first (Knuth's rule for exact cover). */
typedef struct solution_list {
  square_set *sets;
  int count, capacity;
} solution_list;

static int list_solutions(int n, int row, uint32_t columns, uint32_t left, uint32_t right,
                          square_set *current, solution_list *list) {
  if (row == n) {
    if (list->count == list->capacity) {
      int capacity = list->capacity ? 2 * list->capacity : 64;
      square_set *grown = realloc(list->sets, (size_t)capacity * sizeof *grown);
      if (!grown)
        return -1;
      list->sets = grown;
      list->capacity = capacity;
    }
    list->sets[list->count++] = *current;
    return 0;
  }
  uint32_t all = (1u << n) - 1, free_squares = all & ~(columns | left | right);
  while (free_squares) {
    uint32_t queen = free_squares & (0u - free_squares);
    free_squares ^= queen;
    int square = row * n + __builtin_ctz(queen);
    square_set_add(current, square);
    if (list_solutions(n, row + 1, columns | queen, ((left | queen) << 1) & all,
                       (right | queen) >> 1, current, list) < 0)
      return -1;
    current->words[square >> 6] &= ~((uint64_t)1 << (square & 63));
  }
  return 0;
}

static int disjoint(const square_set *a, const square_set *b) {
  for (int i = 0; i < SQUARE_SET_WORDS; i++)
    if (a->words[i] & b->words[i])
      return 0;
  return 1;
}

static int cover(colouring *search, const solution_list *list, square_set *covered, int class) {
  if (class == search->n)
    return 1;
  int target = -1, fewest = list->count + 1;
  for (int square = 0; square < search->squares; square++) {
    if (square_set_has(covered, square))
      continue;
    int options = 0;
    for (int i = 0; i < list->count && options < fewest; i++)
      options += square_set_has(&list->sets[i], square) && disjoint(&list->sets[i], covered);
    if (options < fewest) {
      fewest = options;
      target = square;
    }
  }
  for (int i = 0; i < list->count; i++) {
    const square_set *solution = &list->sets[i];
    if (!square_set_has(solution, target) || !disjoint(solution, covered))
      continue;
    for (int w = 0; w < SQUARE_SET_WORDS; w++)
      covered->words[w] |= solution->words[w];
    if (cover(search, list, covered, class + 1)) {
      for (int square = 0; square < search->squares; square++)
        if (square_set_has(solution, square))
          search->colour[square] = class;
      return 1;
    }
    for (int w = 0; w < SQUARE_SET_WORDS; w++)
      covered->words[w] &= ~solution->words[w];
  }
  return 0;
}

static int partition_into_solutions(colouring *search) {
  solution_list list = {NULL, 0, 0};
  square_set current = {{0}}, covered = {{0}};
  int result = list_solutions(search->n, 0, 0, 0, 0, &current, &list);
  if (result == 0)
    result = cover(search, &list, &covered, 0);
  free(list.sets);
  return result;
}

nq_status nq_chess_colourable(int n, int colours, int *found, int *colour) {
  if (n < 1 || n > NQ_CHESS_MAX_GRAPH_N || colours < 0 || colours > MAX_COLOURS)
    return NQ_ERR_ARGUMENT;
  if (colours < n) {
    *found = 0; /* a row is a clique of n squares */
    return NQ_OK;
  }
  colouring *search = calloc(1, sizeof *search);
  if (!search)
    return NQ_ERR_MEMORY;
  search->n = n;
  search->squares = n * n;
  search->colours = colours;
  search->all = colours == 32 ? 0xffffffffu : (1u << colours) - 1;
  search->colour = colour;
  queen_neighbourhoods(n, search->closed);
  for (int square = 0; square < n * n; square++) {
    colour[square] = -1;
    square_set_add(&search->uncoloured, square);
  }
  /* Beyond 12 the list of solutions grows too long to keep (14200 at 12). */
  int result =
      colours == n && n <= 12 ? partition_into_solutions(search) : colour_rest(search, n * n, 0);
  free(search);
  if (result < 0)
    return NQ_ERR_MEMORY;
  *found = result;
  return NQ_OK;
}

nq_status nq_chess_chromatic_number(int n, int *number, int *colour) {
  for (int colours = n; colours <= MAX_COLOURS; colours++) {
    int found = 0;
    nq_status status = nq_chess_colourable(n, colours, &found, colour);
    if (status != NQ_OK)
      return status;
    if (found) {
      *number = colours;
      return NQ_OK;
    }
  }
  return NQ_ERR_ARGUMENT;
}
