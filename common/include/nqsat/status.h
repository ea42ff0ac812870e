/* nqsat/status.h - status codes shared by every nqsat library.
 *
 * Library functions return an nq_status and never print or exit; the CLI
 * turns a status into a message and an exit code. The numeric values are
 * pinned: never renumber, only append. */
#ifndef NQSAT_STATUS_H
#define NQSAT_STATUS_H

typedef enum nq_status {
  NQ_OK = 0,
  NQ_ERR_ARGUMENT = 1,    /* a parameter outside its documented range */
  NQ_ERR_MEMORY = 2,      /* allocation failed */
  NQ_ERR_IO = 3,          /* read or write failed; errno tells more */
  NQ_ERR_PARSE = 4,       /* malformed input */
  NQ_ERR_STOPPED = 5,     /* a callback asked to stop; not a failure */
  NQ_ERR_INTERRUPTED = 6, /* time limit or signal */
  NQ_ERR_SOLVER = 7,      /* the SAT solver returned something unexpected */
  NQ_ERR_UNSAT = 8        /* constraints contradict each other */
} nq_status;

/* A static, human-readable description of a status; never NULL. */
const char *nq_strerror(nq_status status);

#endif
