/* nqsat encode N: write the formula as DIMACS CNF. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "nqsat/encoder.h"
#include "nqsat/output.h"

static void print_encode_help(void) {
  printf("usage: nqsat encode N [--amo pairwise|seq] [-o FILE]\n"
         "\n"
         "Writes the N-Queens problem as DIMACS CNF. The queen at row r, column c\n"
         "(0-based) is variable r*N + c + 1; auxiliary variables follow N^2.\n"
         "\n"
         "  N                 board size, 1..%d\n"
         "  --amo ENCODING    at-most-one encoding: pairwise (default) or seq\n"
         "                    (Sinz's sequential counter)\n"
         "  -o, --output FILE write to FILE instead of standard output; a name ending\n"
         "                    in .gz is gzip-compressed. FILE appears only when\n"
         "                    complete (written under a temporary name, then renamed)\n"
         "  -h, --help        show this help\n",
         NQ_ENCODER_MAX_N);
}

static int encode_with_options(int argc, char **argv, const char *command_line);

int cmd_encode(int argc, char **argv) {
  /* Before getopt_long, which permutes argv. */
  char *command_line = join_command_line(argc, argv);
  int exit_code = encode_with_options(argc, argv, command_line);
  free(command_line);
  return exit_code;
}

static int encode_with_options(int argc, char **argv, const char *command_line) {
  static const struct option options[] = {{"amo", required_argument, NULL, 'a'},
                                          {"output", required_argument, NULL, 'o'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  nq_encoding encoding = {.n = 0, .amo = NQ_AMO_PAIRWISE};
  const char *output_path = NULL;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":o:h", options, NULL)) != -1) {
    switch (code) {
    case 'a':
      if (nq_amo_from_name(optarg, &encoding.amo))
        return usage_error("encode", "unknown encoding '%s' for --amo (pairwise, seq)", optarg);
      break;
    case 'o': output_path = optarg; break;
    case 'h': print_encode_help(); return NQ_EXIT_OK;
    default: return report_bad_option("encode", code, argv);
    }
  }
  if (optind == argc)
    return usage_error("encode", "missing N");
  if (argc - optind > 1)
    return usage_error("encode", "unexpected argument '%s'", argv[optind + 1]);
  int64_t n;
  if (parse_bounded("encode", "N", argv[optind], 1, NQ_ENCODER_MAX_N, &n))
    return NQ_EXIT_USAGE;
  encoding.n = (int)n;

  char error[512];
  nq_output *output;
  if (nq_output_open(&output, output_path, NQ_COMPRESS_AUTO, 0, error, sizeof error) != NQ_OK)
    return runtime_error("encode", "%s", error);
  nq_output_stop_when(output, interrupt_watch());
  nq_dimacs_provenance provenance = {command_line};
  nq_status status = nq_encoder_write_dimacs(&encoding, &provenance, output);
  if (interrupt_requested()) {
    nq_output_abort(output);
    return report_interrupted("encode", "output discarded");
  }
  if (status != NQ_OK && status != NQ_ERR_IO) {
    nq_output_abort(output);
    return runtime_error("encode", "%s", nq_strerror(status));
  }
  /* An I/O error is sticky in the stream; commit reports it with the path. */
  if (nq_output_commit(output, error, sizeof error) != NQ_OK)
    return runtime_error("encode", "%s", error);
  return NQ_EXIT_OK;
}
