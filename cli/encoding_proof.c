/* Proving that a file is the N-Queens encoding its header describes (see
 * encoding_proof.h): regenerate, then compare. The regeneration runs
 * `nqsat encode` in a child process (its option parsing, signal handlers
 * and messages stay out of the judge), writing to a private temporary
 * directory that is removed afterwards. */
#include "encoding_proof.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"

/* Splits a command line written by quote_command_line (sh words: plain,
 * or in single quotes with a quote inside as '\''). Returns the number of
 * words put in `words` (each malloc'd), or -1 when malformed or too many. */
static int split_words(const char *line, char **words, int capacity) {
  int count = 0;
  const char *p = line;
  for (;;) {
    while (*p == ' ' || *p == '\t')
      p++;
    if (!*p)
      return count;
    if (count == capacity)
      return -1;
    char *word = malloc(strlen(p) + 1);
    if (!word)
      return -1;
    size_t used = 0;
    while (*p && *p != ' ' && *p != '\t') {
      if (*p == '\'') {
        const char *close = strchr(p + 1, '\'');
        if (!close) {
          free(word);
          return -1;
        }
        memcpy(word + used, p + 1, (size_t)(close - p - 1));
        used += (size_t)(close - p - 1);
        p = close + 1;
      } else if (*p == '\\' && p[1]) {
        word[used++] = p[1];
        p += 2;
      } else {
        word[used++] = *p++;
      }
    }
    word[used] = '\0';
    words[count++] = word;
  }
}

enum { MAX_WORDS = 256 };

/* Runs `nqsat encode` with `words` (from "encode" on), its output option
 * replaced by `output`. Returns 0 when it wrote the file. */
static int regenerate(char **words, int count, const char *output) {
  char *argv[MAX_WORDS + 3];
  int argc = 0;
  for (int i = 0; i < count; i++) {
    if (!strcmp(words[i], "-o") || !strcmp(words[i], "--output")) {
      i++; /* and its argument */
      continue;
    }
    if (!strncmp(words[i], "--output=", 9) || (!strncmp(words[i], "-o", 2) && words[i][2]))
      continue;
    argv[argc++] = words[i];
  }
  argv[argc++] = "-o";
  argv[argc++] = (char *)output;
  argv[argc] = NULL;
  fflush(stdout);
  fflush(stderr);
  pid_t child = fork();
  if (child < 0)
    return -1;
  if (child == 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
    }
    _exit(cmd_encode(argc, argv) == NQ_EXIT_OK ? 0 : 1);
  }
  int status;
  while (waitpid(child, &status, 0) < 0)
    if (errno != EINTR)
      return -1;
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

static int same_squares(const nq_verify_square *a, int a_count, const nq_verify_square *b,
                        int b_count) {
  if (a_count != b_count)
    return 0;
  for (int i = 0; i < a_count; i++)
    if (a[i].row != b[i].row || a[i].column != b[i].column)
      return 0;
  return 1;
}

/* The header facts the judge uses, compared; NULL when equal, else what
 * differs. */
static const char *header_difference(const nq_instance *given, const nq_instance *made) {
  if (given->format != made->format)
    return "the file format";
  if (given->n != made->n)
    return "N";
  if (given->variables != made->variables || given->clauses != made->clauses)
    return "the problem line";
  if (given->numbering != made->numbering || strcmp(given->model, made->model))
    return "the model";
  if (given->shuffled != made->shuffled)
    return "the variable map";
  int64_t board = nq_verify_numbering_variables(made->numbering, made->n);
  for (int64_t k = 0; k < board; k++)
    if (given->queen_variable[k] != made->queen_variable[k])
      return "the variable map";
  if (!same_squares(given->placed, given->placed_count, made->placed, made->placed_count))
    return "the placed queens";
  if (!same_squares(given->blocked, given->blocked_count, made->blocked, made->blocked_count))
    return "the blocked squares";
  if (given->parsimonious != made->parsimonious)
    return "the 'models:' line";
  if (strcmp(given->count_type, made->count_type))
    return "the 'c t' line";
  if (given->projection_count != made->projection_count ||
      (made->projection_count && memcmp(given->projection, made->projection,
                                        made->projection_count * sizeof *made->projection)))
    return "the projection";
  return NULL;
}

static int not_proven(nq_instance *instance, char *note, size_t note_size, const char *format,
                      const char *detail) {
  int n = instance->n;
  char why[300];
  snprintf(why, sizeof why, format, detail);
  snprintf(note, note_size,
           "the header says N = %d, but %s: judged as a plain CNF (boards, OEIS counts and "
           "squares are not used)",
           n, why);
  nq_instance_forget_board(instance);
  return 0;
}

int encoding_proof_check(const char *path, nq_instance *instance, char *note, size_t note_size) {
  note[0] = '\0';
  if (instance->board_note[0]) {
    snprintf(note, note_size,
             "header lines about a board were set aside (%s): judged as a plain "
             "CNF",
             instance->board_note);
    return 0;
  }
  if (instance->n == 0)
    return 1;
  if (!instance->command)
    return not_proven(instance, note, note_size, "%s",
                      "it has no 'c command:' line to regenerate its clauses from");
  char *words[MAX_WORDS];
  int count = split_words(instance->command, words, MAX_WORDS);
  if (count < 2 || strcmp(words[0], "nqsat") || strcmp(words[1], "encode")) {
    for (int i = 0; i < count; i++)
      free(words[i]);
    return not_proven(instance, note, note_size,
                      "its 'c command:' line ('%.120s') is no "
                      "'nqsat encode' command",
                      instance->command);
  }
  const char *base = getenv("TMPDIR");
  char directory[4096];
  snprintf(directory, sizeof directory, "%s/nqsat-proof-XXXXXX", base && *base ? base : "/tmp");
  char made_path[4200];
  int result = 0;
  if (!mkdtemp(directory)) {
    snprintf(note, note_size,
             "the header says N = %d, but no temporary directory to regenerate "
             "it in: judged as a plain CNF",
             instance->n);
    nq_instance_forget_board(instance);
    for (int i = 0; i < count; i++)
      free(words[i]);
    return 0;
  }
  snprintf(made_path, sizeof made_path, "%s/instance.%s", directory,
           instance->format == NQ_INSTANCE_OPB ? "opb" : "cnf");
  const char *why = NULL, *field = NULL;
  char error[600];
  nq_instance *made = NULL;
  nq_multiset_hash given_hash, made_hash;
  if (regenerate(words + 1, count - 1, made_path))
    why = "nqsat encode fails on its 'c command:' line";
  else if (nq_instance_read(made_path, &made, error, sizeof error) != NQ_OK)
    why = "the file its 'c command:' line makes cannot be read back";
  else if ((field = header_difference(instance, made)) != NULL)
    why = "header";
  else if (nq_instance_multiset_hash(path, NULL, &given_hash, error, sizeof error) != NQ_OK ||
           nq_instance_multiset_hash(made_path, NULL, &made_hash, error, sizeof error) != NQ_OK)
    why = "its clauses cannot be read";
  else if (given_hash.items != made_hash.items || given_hash.sum[0] != made_hash.sum[0] ||
           given_hash.sum[1] != made_hash.sum[1])
    why = "its clauses are not those its 'c command:' line makes (regenerated, compared as a "
          "multiset)";
  else
    result = 1;
  nq_instance_free(made);
  unlink(made_path);
  rmdir(directory);
  for (int i = 0; i < count; i++)
    free(words[i]);
  if (result)
    return 1;
  if (field)
    return not_proven(instance, note, note_size,
                      "%s in its header differs from the file its 'c command:' line makes", field);
  return not_proven(instance, note, note_size, "%s", why);
}
