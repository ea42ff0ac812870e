/* nqsat check N [FILE]: checks solutions another program found
 * (check_solutions.c).
 * nqsat check --instance FILE [ANSWER]: checks any answer to an instance
 * file (check_instance.c). Reading and checking are the verifier's
 * (nq_verify_read_answer, nq_solution_tally, nq_answer_judge), so no solver
 * code judges a solver. This file parses the options. */
#include <getopt.h>
#include <inttypes.h>
#include <string.h>

#include "check_proof.h"
#include "cli.h"
#include "nqsat/verify.h"

/* Boards are printed, so keep them printable. */
enum { CHECK_MAX_N = 1000 };
static const int64_t CHECK_DEFAULT_MAX_NODES = 10000000000;
/* The default bound of check --instance (the verifier's search, nqsat's
 * own count): anything solve --count finishes in 10 s verifies well
 * within it, and a progress line shows on stderr after 2 s. */
enum { CHECK_DEFAULT_TIME_LIMIT = 60 };

static void print_check_help(void) {
  printf("usage: nqsat check N [--csp ENCODING] [--complete] [--time-limit S] [-q] [FILE]\n"
         "       nqsat check --instance INSTANCE [ANSWER] [--max-nodes K]\n"
         "                   [--time-limit S] [-q]\n"
         "       nqsat check --instance CNF ANSWER --proof FILE\n"
         "                   [--proof-format drat|lrat] [--lrat-out FILE]\n"
         "       nqsat check --instance CNF --certificate C [--proof FILE]\n"
         "\n"
         "With N: reads solutions of N-Queens from FILE (or standard input when FILE\n"
         "is missing or -) and checks every one with the independent verifier.\n"
         "Accepted, mixed freely: vector lines (the 1-based column of each row's\n"
         "queen, as 'nqsat solve --all' prints), boards of '.' and 'Q' rows ('nqsat\n"
         "solve N'), a count alone ('nqsat solve N --count'), MiniZinc output ('q = [...];'\n"
         "lines and its ---------- / ========== separators), SAT-competition 'v'\n"
         "lines (cadical, kissat, picosat), PB-competition 'v x1 -x2 ...' lines\n"
         "(minisat+, clasp) and MiniSat result files, over the variable convention\n"
         "of 'nqsat encode' (queen at row r, column c, from 1, is (r-1)*N + c), or\n"
         "of its rows model with --csp. Prints each solution as a board with its\n"
         "verdict, then one verdict line. A solution listed twice is a failure\n"
         "(both lines are named). A list that claims to be complete (MiniZinc's\n"
         "==========, picosat --all's 's SOLUTIONS K', nqsat's 'c K models', 's mc K',\n"
         "'c s exact arb int K', or --complete) must hold every solution: for N <= %d\n"
         "compared one by one with the verifier's set (the first missing ones are\n"
         "named), up to N = %d by count against OEIS A000170 (and the native\n"
         "counter up to N = %d). A claimed count must equal the distinct solutions\n"
         "listed. Reading goes on to the end: a solution after an end of the search\n"
         "(UNSAT, ==========, =====UNSATISFIABLE=====), two ends, or 'no solution' for\n"
         "N = 1 or N >= 4 (which have solutions, by construction) fail; a line no\n"
         "format explains is an error. A model of a shuffled file (--shuffle) needs\n"
         "--instance, which reads the file's variable map.\n"
         "\n",
         NQ_VERIFY_SET_COMPARED_MAX_N, NQ_VERIFY_KNOWN_MAX_N, NQ_VERIFY_TALLY_COUNTED_MAX_N);
  printf("With --instance: reads the instance file (CNF or OPB, plain or gzip) for\n"
         "N, its model (matrix, or rows with its CSP encoding), its variable map,\n"
         "its placed and blocked squares, and judges the answer in ANSWER (standard\n"
         "input when missing or -): SAT-competition 's'/'v' lines, MiniSat result\n"
         "files and output, PB 'v x1 -x2' lines, an 's UNSATISFIABLE' claim (judged\n"
         "by the verifier's own search), model lists (picosat --all, with 's\n"
         "SOLUTIONS K'; nqsat solve --all, with 'c K models': a model listed twice\n"
         "is wrong, the count must be the distinct models listed) and model counts\n"
         "('s mc K', 's pmc K', the MCC 2021+ lines 'c s type mc|pmc', 'c s\n"
         "log10-estimate X', 'c s exact arb int K', exact at any size). Each model\n"
         "must be a solution of the board and satisfy every clause or constraint of\n"
         "the file. Its header is believed only when its clauses are those its 'c\n"
         "command:' line makes (regenerated and compared); otherwise, or without\n"
         "nqsat's 'c N:' line, INSTANCE is a plain DIMACS CNF (a note says why):\n"
         "then each model must satisfy every clause, and counts ('s mc', 'c s exact\n"
         "arb int', 's SOLUTIONS', 'c K models'), UNSATISFIABLE claims and\n"
         "log10-estimates are judged against nqsat's own count of the file (by the\n"
         "model-counting convention, as 'nqsat solve FILE --count'), made within\n"
         "--time-limit; when it does not finish, they are 'unverified' and say so.\n"
         "Prints one line per verdict:\n"
         "  VERDICT SUBJECT (ANSWER:LINE): WHY\n"
         "with VERDICT one of correct, wrong-status, invalid-model, wrong-count,\n"
         "unknown (no answer, or UNKNOWN) and unverified (beyond the verifier's\n"
         "limits: completion boards above N = %d, plain counts above N = %d; or\n"
         "nqsat's count of a formula without a board did not finish in time).\n"
         "\n"
         "  N                board size, 1..%d\n"
         "  --csp ENCODING   with N: the models come from 'nqsat encode --model rows\n"
         "                   --csp ENCODING' (direct, support, order, log): decode\n"
         "                   them with that numbering instead of the matrix model's\n"
         "  --complete       with N: the list claims to hold every solution\n"
         "  -q, --summary    print only the verdict line (with --instance: one line\n"
         "                   counting the verdicts, naming the first wrong one)\n"
         "  --instance FILE  the instance file the answer is about\n"
         "  --max-nodes K    stop the verifier's completion search after K queens\n"
         "                   placed (1..10^15, default 10^10); beyond it, unverified\n"
         "  --time-limit S   bound the whole run to S seconds (1..31536000; with\n"
         "                   --instance default %d, with N none): what is not judged\n"
         "                   by then is unverified (--instance) or a failure (N)\n"
         "  --proof FILE     with --instance: an UNSATISFIABLE answer is correct\n"
         "                   exactly when FILE refutes the CNF under the verifier's\n"
         "                   own checker (DRAT text or binary, LRAT; plain or gzip);\n"
         "                   'proof-failed' names the first failing step's line (or\n"
         "                   byte). Other answers are judged as without it\n"
         "  --proof-format F drat or lrat (default: lrat for names ending in .lrat)\n"
         "  --lrat-out FILE  with a DRAT proof that checks: write its used part as LRAT\n"
         "  --certificate C  with --instance (no ANSWER): check the certified count C\n"
         "                   ('nqsat solve FILE --count --certificate C'): its cubes\n"
         "                   satisfy every clause and are disjoint, C.lrat (else\n"
         "                   C.drat, or --proof) refutes the formula with every cube\n"
         "                   blocked, and\n"
         "                   the count is the sum of 2^(free projected variables)\n"
         "  -h, --help       show this help\n"
         "\n"
         "exit: 0 every answer right; 1 an invalid or repeated solution, a list\n"
         "claimed complete that is not, a wrong count or answer, an unknown or\n"
         "unverified one, a malformed input, or (with N) no solution although\n"
         "N-Queens has some; 2 usage error.\n",
         NQ_VERIFY_COMPLETION_MAX_N, NQ_VERIFY_KNOWN_MAX_N, CHECK_MAX_N, CHECK_DEFAULT_TIME_LIMIT);
}

enum {
  OPTION_INSTANCE = 256,
  OPTION_MAX_NODES,
  OPTION_CSP,
  OPTION_COMPLETE,
  OPTION_TIME_LIMIT,
  OPTION_PROOF,
  OPTION_PROOF_FORMAT,
  OPTION_LRAT_OUT,
  OPTION_CERTIFICATE
};

int cmd_check(int argc, char **argv) {
  static const struct option options[] = {
      {"instance", required_argument, NULL, OPTION_INSTANCE},
      {"max-nodes", required_argument, NULL, OPTION_MAX_NODES},
      {"time-limit", required_argument, NULL, OPTION_TIME_LIMIT},
      {"csp", required_argument, NULL, OPTION_CSP},
      {"summary", no_argument, NULL, 'q'},
      {"complete", no_argument, NULL, OPTION_COMPLETE},
      {"proof", required_argument, NULL, OPTION_PROOF},
      {"proof-format", required_argument, NULL, OPTION_PROOF_FORMAT},
      {"lrat-out", required_argument, NULL, OPTION_LRAT_OUT},
      {"certificate", required_argument, NULL, OPTION_CERTIFICATE},
      {"help", no_argument, NULL, 'h'},
      {NULL, 0, NULL, 0}};
  nq_verify_model_format format = {NQ_VERIFY_MATRIX, NULL};
  const char *csp_given = NULL;
  optind = 1;
  opterr = 0;
  int code;
  const char *instance_path = NULL;
  int64_t max_nodes = CHECK_DEFAULT_MAX_NODES;
  int max_nodes_given = 0, summary = 0, complete = 0;
  int64_t time_limit = CHECK_DEFAULT_TIME_LIMIT;
  int time_limit_given = 0;
  const char *proof_path = NULL, *lrat_out = NULL, *certificate_path = NULL;
  int proof_format = PROOF_FORMAT_AUTO;
  while ((code = getopt_long(argc, argv, ":hq", options, NULL)) != -1) {
    switch (code) {
    case 'h': print_check_help(); return NQ_EXIT_OK;
    case 'q': summary = 1; break;
    case OPTION_COMPLETE: complete = 1; break;
    case OPTION_INSTANCE: instance_path = optarg; break;
    case OPTION_PROOF: proof_path = optarg; break;
    case OPTION_LRAT_OUT: lrat_out = optarg; break;
    case OPTION_CERTIFICATE: certificate_path = optarg; break;
    case OPTION_PROOF_FORMAT:
      if (!strcmp(optarg, "drat"))
        proof_format = PROOF_FORMAT_DRAT;
      else if (!strcmp(optarg, "lrat"))
        proof_format = PROOF_FORMAT_LRAT;
      else
        return usage_error("check", "unknown --proof-format '%s' (drat, lrat)", optarg);
      break;
    case OPTION_MAX_NODES:
      if (parse_bounded("check", "--max-nodes", optarg, 1, 1000000000000000, &max_nodes))
        return NQ_EXIT_USAGE;
      max_nodes_given = 1;
      break;
    case OPTION_TIME_LIMIT:
      if (parse_bounded("check", "--time-limit", optarg, 1, 31536000, &time_limit))
        return NQ_EXIT_USAGE;
      time_limit_given = 1;
      break;
    case OPTION_CSP:
      if (nq_verify_numbering_from_words("rows", optarg, &format.numbering))
        return usage_error("check", "unknown encoding '%s' for --csp (direct, support, order, log)",
                           optarg);
      csp_given = optarg;
      break;
    default: return report_bad_option("check", code, argv);
    }
  }
  if (instance_path) {
    /* The instance's header says how its models are numbered. */
    if (csp_given)
      return usage_error("check", "--csp applies to N only; with --instance the file's header "
                                  "names its encoding");
    if (complete)
      return usage_error("check", "--complete applies to N only; with --instance the answer's "
                                  "count line claims completeness");
    if (argc - optind > 1)
      return usage_error("check", "unexpected argument '%s' (--instance takes one answer file)",
                         argv[optind + 1]);
    if (certificate_path) {
      if (argc - optind > 0 || lrat_out)
        return usage_error("check", "--certificate takes no answer file and no --lrat-out");
      return check_instance_certificate(instance_path, certificate_path, proof_path, proof_format);
    }
    if (lrat_out && !proof_path)
      return usage_error("check", "--lrat-out needs --proof");
    if (proof_path)
      return check_instance_proof(instance_path, argc - optind == 1 ? argv[optind] : "-",
                                  proof_path, proof_format, lrat_out, (uint64_t)max_nodes,
                                  (double)time_limit, summary);
    return check_instance(instance_path, argc - optind == 1 ? argv[optind] : "-",
                          (uint64_t)max_nodes, (double)time_limit, summary);
  }
  if (proof_path || lrat_out || certificate_path)
    return usage_error("check", "--proof and --certificate apply to --instance only");
  if (max_nodes_given)
    return usage_error("check", "--max-nodes applies to --instance only");
  int n;
  if (parse_positional_n("check", argc, argv, optind, 2, CHECK_MAX_N, &n))
    return NQ_EXIT_USAGE;
  const char *path = argc - optind == 2 ? argv[optind + 1] : "-";
  return check_solutions(n, path, &format, summary, complete,
                         time_limit_given ? (double)time_limit : 0);
}
