/* Argument parsing shared by the subcommands. */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nqsat/encoder.h"

int parse_bounded(const char *command_name, const char *what, const char *text, int64_t min,
                  int64_t max, int64_t *value) {
  const char *digits = text;
  if (*digits == '+' || *digits == '-')
    digits++;
  int well_formed = isdigit((unsigned char)*digits);
  for (const char *p = digits; well_formed && *p; p++)
    well_formed = isdigit((unsigned char)*p);
  if (!well_formed) {
    usage_error(command_name, "%s '%s' is not a whole number", what, text);
    return -1;
  }
  errno = 0;
  long long parsed = strtoll(text, NULL, 10);
  if (errno == ERANGE || parsed < min || parsed > max) {
    usage_error(command_name, "%s %s is out of range: must be %" PRId64 "..%" PRId64, what, text,
                min, max);
    return -1;
  }
  *value = parsed;
  return 0;
}

int parse_range(const char *command_name, const char *text, int min, int max, int *first,
                int *last) {
  const char *dots = strstr(text, "..");
  int64_t low, high;
  if (!dots) {
    if (parse_bounded(command_name, "N", text, min, max, &low))
      return -1;
    *first = *last = (int)low;
    return 0;
  }
  size_t length = (size_t)(dots - text);
  char left[32];
  if (length == 0 || length >= sizeof left) {
    usage_error(command_name, "range '%s' is not of the form A..B", text);
    return -1;
  }
  memcpy(left, text, length);
  left[length] = '\0';
  if (parse_bounded(command_name, "N", left, min, max, &low) ||
      parse_bounded(command_name, "N", dots + 2, min, max, &high))
    return -1;
  if (low > high) {
    usage_error(command_name, "range '%s' is empty: %" PRId64 " > %" PRId64, text, low, high);
    return -1;
  }
  *first = (int)low;
  *last = (int)high;
  return 0;
}

int report_bad_option(const char *command_name, int code, char **argv) {
  const char *offending = argv[optind - 1];
  if (code == ':')
    return usage_error(command_name, "option '%s' needs a value", offending);
  if (optopt && isdigit(optopt))
    return usage_error(command_name, "'%s' is neither an option nor a valid N (N must be positive)",
                       offending);
  if (optopt)
    return usage_error(command_name, "unknown option '-%c'", optopt);
  return usage_error(command_name, "unknown option '%s'", offending);
}

int parse_amo(const char *command_name, const char *text, int allow_all, nq_amo *amo) {
  return parse_amo_option(command_name, "--amo", text, allow_all, amo);
}

void amo_name_list(char *names, size_t size, const char *last_glue) {
  names[0] = '\0';
  for (int e = 0; e < NQ_AMO_COUNT; e++) {
    strncat(names, !e ? "" : e + 1 < NQ_AMO_COUNT ? ", " : last_glue, size - strlen(names) - 1);
    strncat(names, nq_amo_name((nq_amo)e), size - strlen(names) - 1);
  }
}

void print_wrapped(const char *indent, const char *text) {
  const int width = 78;
  int column = printf("%s", indent);
  const char *word = text;
  while (*word) {
    size_t length = strcspn(word, " ");
    if (column > (int)strlen(indent) && column + 1 + (int)length > width)
      column = printf("\n%s", indent) - 1;
    else if (column > (int)strlen(indent))
      column += printf(" ");
    column += printf("%.*s", (int)length, word);
    word += length;
    while (*word == ' ')
      word++;
  }
  printf("\n");
}

int parse_amo_option(const char *command_name, const char *option, const char *text, int allow_all,
                     nq_amo *amo) {
  if (!nq_amo_from_name(text, amo))
    return 0;
  char names[256];
  amo_name_list(names, sizeof names, ", ");
  if (allow_all)
    strncat(names, ", all", sizeof names - strlen(names) - 1);
  usage_error(command_name, "unknown encoding '%s' for %s (%s)", text, option, names);
  return -1;
}

int parse_positional_n(const char *command_name, int argc, char **argv, int first,
                       int max_arguments, int max_n, int *n) {
  if (first == argc) {
    usage_error(command_name, "missing N");
    return -1;
  }
  if (argc - first > max_arguments) {
    usage_error(command_name, "unexpected argument '%s'", argv[first + max_arguments]);
    return -1;
  }
  int64_t value;
  if (parse_bounded(command_name, "N", argv[first], 1, max_n, &value))
    return -1;
  *n = (int)value;
  return 0;
}
