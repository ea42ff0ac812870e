#include "nqsat/status.h"

const char *nq_strerror(nq_status status) {
  switch (status) {
  case NQ_OK: return "success";
  case NQ_ERR_ARGUMENT: return "argument out of range";
  case NQ_ERR_MEMORY: return "out of memory";
  case NQ_ERR_IO: return "input/output error";
  case NQ_ERR_PARSE: return "malformed input";
  case NQ_ERR_STOPPED: return "stopped by request";
  case NQ_ERR_INTERRUPTED: return "interrupted";
  case NQ_ERR_SOLVER: return "SAT solver failure";
  case NQ_ERR_UNSAT: return "constraints are contradictory";
  }
  return "unknown status";
}
