/* Measuring a solver run with control groups, as BenchExec does: each run
 * gets a cgroup of its own, which its first process joins before exec, so
 * the kernel counts the CPU time and peak memory of every process the run
 * ever had, enforces the memory limit on the whole tree, and kills the
 * whole tree at once. run_process.c uses it when `nqsat run --measure`
 * allows and the machine offers it; otherwise the tree is sampled. */
#ifndef NQSAT_RUN_CGROUP_H
#define NQSAT_RUN_CGROUP_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

enum { RUN_CGROUP_PATH_MAX = 512 };

/* The harness's own folders: one in the cgroup v2 hierarchy (CPU time,
 * cgroup.kill, cgroup.events) and one where the memory controller is:
 * the same v2 folder when memory is enabled there, else cgroup v1's. */
typedef struct run_cgroup_base {
  char unified[RUN_CGROUP_PATH_MAX];
  char memory[RUN_CGROUP_PATH_MAX]; /* "" when memory is v2's (unified) */
  int memory_v1;
  unsigned runs; /* cgroups made so far (their names) */
} run_cgroup_base;

/* Makes the harness's folders. Returns 0; -1 with `why` (what is missing
 * or not writable) when this machine cannot measure runs by cgroup. */
int run_cgroup_base_open(run_cgroup_base *base, char *why, size_t why_size);
/* Removes the folders (the runs' cgroups must be gone). */
void run_cgroup_base_close(run_cgroup_base *base);

/* One run's cgroup. */
typedef struct run_cgroup {
  /* The base's folder and a number. */
  char unified[RUN_CGROUP_PATH_MAX + 16];
  char memory[RUN_CGROUP_PATH_MAX + 16]; /* "" when memory is counted in `unified` */
  /* cgroup.procs of each, open for the run's first process, which writes
   * "0" (itself) there before exec; -1 when not needed. Close-on-exec. */
  int join[2];
} run_cgroup;

/* Makes a fresh cgroup for one run with `memory_limit` bytes (0: none).
 * Returns 0, or -1 with errno. */
int run_cgroup_create(run_cgroup_base *base, run_cgroup *group, uint64_t memory_limit);

/* In the run's first process, between fork and exec (system calls only):
 * joins the cgroup. Returns 0 or -1. */
int run_cgroup_join(const run_cgroup *group);

/* What the kernel counted for the run so far. */
typedef struct run_cgroup_usage {
  double cpu_seconds;   /* user + system of every process ever in it */
  uint64_t peak_bytes;  /* the memory controller's peak */
  int memory_limit_hit; /* the kernel killed a process of the run for the limit */
} run_cgroup_usage;
int run_cgroup_read(const run_cgroup *group, run_cgroup_usage *usage);

/* Whether a process is still in the cgroup. */
int run_cgroup_populated(const run_cgroup *group);
/* Whether process `pid` is in the cgroup. */
int run_cgroup_holds(const run_cgroup *group, pid_t pid);

/* SIGKILL to every process in the cgroup (cgroup.kill). */
void run_cgroup_kill(const run_cgroup *group);

/* Closes the join descriptors and removes the cgroup (once empty). */
void run_cgroup_remove(run_cgroup *group);

#endif
