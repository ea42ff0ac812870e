/* Error lines of the nqsat commands (see command_errors.h). */
#include <stdarg.h>
#include <stdio.h>

#include "command_errors.h"
#include "interrupt.h"

static void report(const char *command_name, const char *format, va_list arguments) {
  fprintf(stderr, "nqsat%s%s: error: ", command_name ? " " : "", command_name ? command_name : "");
  vfprintf(stderr, format, arguments);
}

int usage_error(const char *command_name, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(command_name, format, arguments);
  va_end(arguments);
  fprintf(stderr, " (see 'nqsat%s%s --help')\n", command_name ? " " : "",
          command_name ? command_name : "");
  return NQ_EXIT_USAGE;
}

int runtime_error(const char *command_name, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  report(command_name, format, arguments);
  va_end(arguments);
  fputc('\n', stderr);
  return NQ_EXIT_FAILURE;
}

int report_interrupted(const char *command_name, const char *what_happened) {
  fprintf(stderr, "nqsat %s: interrupted by %s; %s\n", command_name, interrupt_signal_name(),
          what_happened);
  return NQ_EXIT_INTERRUPTED;
}
