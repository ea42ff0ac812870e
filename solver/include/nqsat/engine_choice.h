/* nqsat/engine_choice.h - which engine counts a DIMACS formula faster.
 *
 * The component counter (nqsat/component_count.h) wins when the residual
 * formula falls apart into components as variables are assigned and the
 * same components come back in other branches (its cache then answers);
 * it loses to the all-solutions enumerator when neither happens
 * (N-Queens: every queen sees a whole row, column and diagonals, and no
 * two partial boards leave the same residual formula).
 *
 * The probe first preprocesses the formula as the counter does (units,
 * failed and equivalent literals, elimination of non-projected
 * variables; a formula found without models there chooses the counter,
 * which answers 0 at once), then splits what is left into its connected
 * components (union-find over the clauses) and runs min-degree
 * elimination on the primal graph of each (one vertex per variable, an edge between two
 * variables of a clause): a formula of elimination width w falls apart
 * once at most w variables of a piece are set, so the counter's work
 * grows like 2^w per piece, added over pieces, while enumeration's grows
 * with the number of models, multiplied over pieces. Width at most
 * NQ_ENGINE_CHOICE_SMALL_WIDTH in every component chooses the counter
 * (a disjoint union of 20 random 20-variable formulas: width about 14).
 *
 * Otherwise, for widths up to NQ_ENGINE_CHOICE_WIDTH_LIMIT, it runs the
 * component counter for NQ_ENGINE_CHOICE_DECISIONS decisions. If it
 * finishes, the counter is chosen (its whole run is that short);
 * otherwise the counter is chosen when at least one component in
 * NQ_ENGINE_CHOICE_HIT_SHARE of those it met came from its cache, and the
 * enumerator when fewer did: the min-degree width is only an upper bound,
 * and the cache answering is what makes the counter fast. Beyond the
 * limit the enumerator is chosen without a trial (the hedge below runs
 * the counter's trials as the enumeration goes): there the cache's share
 * does not tell the cases apart (with learning and VSADS it answers a
 * third to a half of the components of N-Queens files of the seq,
 * commander and product encodings, which still count 10-20x slower by
 * components). Measured (bench/components.sh, bench/files.sh): random
 * 3-SAT 70/260 and 90/330 (widths 47 and 58) have cache hits on 29-44% of
 * the components met in the probe and count 2x faster by components; the
 * N-Queens files of the seq, commander and product encodings (widths over
 * 64) have hits on 27-49% and count 10-20x slower by components; the
 * pairwise, ladder and binary ones have none. A wide formula that does
 * decompose deeper (random 3-SAT 150/560: 0.5 s by components, 24 s by
 * enumeration) is left to enumeration by this rule.
 *
 * The probe's choice of enumeration is therefore a hedge, not a verdict
 * (cli: `solve FILE --count`): the enumeration runs watched (nq_cnf_watch
 * in nqsat/solver.h), and at each of its checks, after
 * NQ_ENGINE_CHOICE_WATCH_WORK steps and at each doubling,
 * nq_engine_hedge_check runs the component counter (the first trial starts
 * it, each later one resumes it where the last one paused: its cache,
 * learned clauses and search kept) until its total reaches a budget tied
 * to the enumeration's steps (NQ_ENGINE_CHOICE_FIRST_STEPS_PER_WORK
 * for the first trial, a small bet; NQ_ENGINE_CHOICE_STEPS_PER_WORK and
 * NQ_ENGINE_CHOICE_WORK_SHARE for the later ones): if it finishes, its
 * count is the
 * answer and the enumeration is abandoned; if not, the enumeration goes
 * on where it was. A check is skipped when the cubes finished since the
 * last check say the enumeration's rest takes fewer steps than the trial
 * would (the easy cubes finish first: the rate counts, not the share
 * done), and there are no more trials once the first ran out of steps with
 * under one component in NQ_ENGINE_CHOICE_GIVE_UP_HIT_SHARE from its cache
 * or a conflict in under NQ_ENGINE_CHOICE_REFUTING_DECISIONS decisions (the
 * formula does not decompose: N-Queens files of every encoding) while the
 * enumeration finds models (NQ_ENGINE_CHOICE_GIVE_UP_STEPS_PER_MODEL). So the
 * counter's trials cost at most about as much as the enumeration (twice
 * its time in the worst case), and a formula the counter counts in T
 * costs at most about 2T plus the first check: no trial repeats
 * another's work. Whichever engine counts,
 * the count is the same. The budgets are steps, not seconds, so on one
 * thread the path taken does not depend on the load.
 *
 * Ownership: nothing outlives the call. */
#ifndef NQSAT_ENGINE_CHOICE_H
#define NQSAT_ENGINE_CHOICE_H

#include <stdint.h>

#include "nqsat/cnf.h"
#include "nqsat/component_count.h"
#include "nqsat/solver.h"
#include "nqsat/status.h"

/* Widths up to this choose the counter without a trial run. */
#define NQ_ENGINE_CHOICE_SMALL_WIDTH 24
/* Decisions the probe's counter may take. */
#define NQ_ENGINE_CHOICE_DECISIONS 1024
/* The trial run's decisions times the formula's literals stay below this;
 * a formula of more than this / 16 literals gets no trial run (its width
 * decides alone: small chooses the counter, else enumeration). */
#define NQ_ENGINE_CHOICE_TRIAL_STEPS 10000000u
/* Cache hits on at least 1 in this many components met choose the counter. */
#define NQ_ENGINE_CHOICE_HIT_SHARE 16
/* The width is computed up to this (beyond: "more than"), on components
 * of at most NQ_ENGINE_CHOICE_MAX_COMPONENT variables (the probe's bitsets
 * grow with the square of it). */
#define NQ_ENGINE_CHOICE_WIDTH_LIMIT 64
#define NQ_ENGINE_CHOICE_MAX_COMPONENT 8192

/* The watched enumeration's first check, in steps of the all-solutions
 * engine (decisions + NQ_CNF_WORK_PER_CONFLICT per conflict, about 10^7
 * a second on one core: 0.2 s). */
#define NQ_ENGINE_CHOICE_WATCH_WORK (1ull << 21)
/* Component-counter steps (decisions times the formula's literals, as in
 * the probe) per step of the enumeration: the first trial gets a quarter
 * of the enumeration's time so far (about 4 on one core: the counter runs
 * 16-20 such steps for one of the enumeration's on random 3-SAT 150/560,
 * fewer on N-Queens files, whose decisions cost more), and at least
 * NQ_ENGINE_CHOICE_FIRST_DECISIONS decisions, so that its figures say
 * whether the formula falls apart; the later ones, run only on a formula
 * the first did not rule out, twice it (at least
 * NQ_ENGINE_CHOICE_DECISIONS), or NQ_ENGINE_CHOICE_WORK_SHARE, whichever
 * lasts longer. */
#define NQ_ENGINE_CHOICE_FIRST_STEPS_PER_WORK 4
/* The first trial's least decisions. A counter starts by refuting the
 * first branches it meets, so its first thousand decisions look alike on
 * formulas that fall apart and formulas that do not: MCC 2022 track 1
 * instance 70 (counted by components in 2 s, by enumeration not in
 * minutes) had 0 to 9 cache hits in 612 to 623 components and 0.38 to
 * 0.40 conflicts a decision after 1024 decisions, as N-Queens files of
 * N = 12 and 13 have (0 hits in 517 components, or 0.40 to 0.48
 * conflicts a decision), and the give-up rules below took either side.
 * After 2048 it has 174 hits in 1299 components and 0.21 conflicts a
 * decision, the N-Queens files 0 hits or 0.42 to 0.47 conflicts. The
 * trial costs those files 0.01 s more, 1 to 2% of their count. */
#define NQ_ENGINE_CHOICE_FIRST_DECISIONS 2048
#define NQ_ENGINE_CHOICE_STEPS_PER_WORK 32
/* The later trials' other budget: the counter's own work
 * (nq_component_stats.work), this share of the enumeration's steps so
 * far. Decisions cost the counter 14 to 340 units of work (the work a
 * second varies less, 3.5-10 million on one core), so a budget of
 * decisions alone gave a trial 2 to 4 times the enumeration's time on
 * random 3-SAT and N-Queens files but a twentieth on MCC 2022 track 1
 * instance 82, which the counter counts in 3 s and the enumeration not
 * in minutes; a budget of work alone took as much from instance 96,
 * whose counter spends its work in CDCL checks. */
#define NQ_ENGINE_CHOICE_WORK_SHARE 1.0
/* The same share while the enumeration has found no model: its steps
 * are then all search, with no rate of models to say how far it is,
 * and the counter is the better bet. MCC 2022 track 1 instance 86 (16
 * models; the counter alone takes 9 s, a tenth of it in work units per
 * second of the enumeration's steps): counted by the fourth trial, at
 * 16.8 million steps of the enumeration, instead of the fifth at 33.6
 * million (54 s on one thread). */
#define NQ_ENGINE_CHOICE_SEARCHING_WORK_SHARE 4.0
/* A trial out of steps with cache hits on under 1 in this many
 * components met: no more trials. Lower than the probe's share, since a
 * first trial has met few repeated components yet: N-Queens files have
 * none in the first two thousand (ladder, binary, bimander; the others
 * are refuting), while MCC 2022 track 1 instance 70 had 174 in 1299
 * (13 %) and its count by components takes 1.6 s against over 150 s by
 * enumeration. */
#define NQ_ENGINE_CHOICE_GIVE_UP_HIT_SHARE 128
/* A trial out of steps with at least one conflict in this many decisions
 * (2/5) was refuting more than splitting: no more trials. */
#define NQ_ENGINE_CHOICE_REFUTING_DECISIONS 2.5
/* Either rule ends the trials only while the enumeration finds at least
 * one model in this many of its steps: then it is on its way, and its
 * rate says how long the rest takes. N-Queens files at the first trial:
 * one in 630 to 1130 steps at N = 12 (every encoding), up to one in 7600
 * at N = 16 (binary; ladder 1310). An enumeration that
 * finds next to none is searching, not listing, and may never finish:
 * MCC 2022 track 1 instance 96 (530 variables after preprocessing, 2
 * models) had none in its first 2 million steps and one in 70 s, while
 * the counter, whose first trial met no repeated component, counts it
 * in 10 s. */
#define NQ_ENGINE_CHOICE_GIVE_UP_STEPS_PER_MODEL (1u << 16)

typedef enum nq_count_engine {
  NQ_COUNT_BY_ENUMERATION = 0,
  NQ_COUNT_BY_COMPONENTS = 1
} nq_count_engine;

typedef struct nq_engine_probe {
  int choice;              /* nq_count_engine */
  int components;          /* connected components with a clause */
  int largest_component;   /* variables in the largest */
  int width;               /* min-degree elimination width (the largest over components) */
  int width_over_limit;    /* 1: elimination stopped once the width passed the limit */
  int finished;            /* 1: the probe's counter counted the formula */
  uint64_t decisions;      /* the probe's counter's */
  uint64_t components_met; /* components the probe's counter met */
  uint64_t cache_hits;     /* of those, answered by its cache */
  double seconds;
} nq_engine_probe;

/* Probes `cnf` (see above) and fills `probe`. NQ_ERR_MEMORY when the
 * bitsets cannot be had, NQ_ERR_INTERRUPTED when `control` (may be NULL)
 * says stop: the choice is then enumeration. On formulas of more than
 * NQ_ENGINE_CHOICE_TRIAL_STEPS / NQ_ENGINE_CHOICE_DECISIONS literals the
 * trial run gets fewer decisions (TRIAL_STEPS / literals), and none past
 * TRIAL_STEPS / 16 literals, so the probe stays short. */
nq_status nq_cnf_probe_engine(const nq_cnf *cnf, const nq_solver_control *control,
                              nq_engine_probe *probe);

/* The hedge: nq_engine_hedge_check is an nq_cnf_watch check, its context
 * an nq_engine_hedge the caller fills (formula, counter options, control;
 * `count` initialised) and reads after the enumeration: `counted` 1 says a
 * trial counted the formula into `count` and `stats`, and the enumeration
 * was abandoned. A trial failing otherwise than by its budget (out of
 * memory, interrupted) abandons nothing: the enumeration goes on. */
typedef struct nq_engine_hedge {
  const nq_cnf *cnf;
  nq_component_options options; /* max_decisions, max_work: set per trial */
  /* Its interrupt flag stops a trial; its time limit is the enumeration's:
   * counted from nq_engine_hedge_start, a trial gets what is left. */
  const nq_solver_control *control;
  uint64_t literals; /* the formula's, to convert steps to decisions */
  double started;    /* CLOCK_MONOTONIC seconds at nq_engine_hedge_start */
  int trials;
  int counted;
  /* 1: the first trial ran out of steps with under one component in
   * NQ_ENGINE_CHOICE_GIVE_UP_HIT_SHARE from its cache, or a conflict in under
   * NQ_ENGINE_CHOICE_REFUTING_DECISIONS decisions, while the enumeration
   * found models (NQ_ENGINE_CHOICE_GIVE_UP_STEPS_PER_MODEL); no trials
   * after it. */
  int gave_up;
  mpz_t count;
  nq_component_stats stats;
  nq_cnf_progress at;   /* the enumeration at the last trial */
  nq_cnf_progress last; /* at the last check */
  double trial_seconds;
  /* The counter's run between trials, paused where its budget ran out
   * (each trial resumes it): release with nq_engine_hedge_end. */
  struct count_trial *run;
} nq_engine_hedge;

int nq_engine_hedge_check(void *hedge, const nq_cnf_progress *progress);
/* 1 when a trial that ran out of steps with these figures, the
 * enumeration where `enumeration` says, rules out further trials (see
 * gave_up). */
int nq_engine_hedge_gives_up(const nq_component_stats *stats, const nq_cnf_progress *enumeration);
/* Stops and frees the paused run of the counter, if any (after the
 * enumeration, whether a trial counted or not). */
void nq_engine_hedge_end(nq_engine_hedge *hedge);
/* Marks the start of the enumeration (for the time limit). */
void nq_engine_hedge_start(nq_engine_hedge *hedge);

/* Whether a trial runs at `progress`: 0 (no trial) when the cubes
 * finished since the last check, at that rate, say the enumeration's rest
 * takes fewer steps than it has made; else 1, with the trial's budget set
 * in `options` (max_decisions for the first, max_decisions and max_work
 * for the others). */
int nq_engine_hedge_budget(const nq_engine_hedge *hedge, const nq_cnf_progress *progress,
                           nq_component_options *options);

#endif
