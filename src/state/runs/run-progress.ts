// Overall progress of a run in words ("step 5 of 12: round 2 of 2, candidate 1 of 2"), from its
// checkpoint alone. A step is one LLM answer the pipeline waits for: a proposal, a reflection, a
// clause split or a rating; simulations are shown by their own bar.
import type { DlmRunState } from '../../pipeline/dlm/dlm-run-state.ts';
import type { SclmRunState } from '../../pipeline/sclm/sclm-run-state.ts';

export interface RunProgress {
  done: number;
  total: number;
  /** Whether more steps may be added once the clauses are known (SCLM before they are accepted). */
  atLeast: boolean;
  text: string;
}

/**
 * Steps of one DLM run: rounds x (candidates + one reflection), the reflection only when a round has more than one
 * candidate to compare.
 */
function dlmSteps(
  run: DlmRunState | undefined,
  rounds: number,
  candidates: number,
): { done: number; total: number; where: string } {
  const total = rounds * (candidates + (candidates > 1 || rounds > 1 ? 1 : 0));
  if (!run) return { done: 0, total, where: `round 1 of ${rounds}` };
  let done = 0,
    where = '';
  for (const round of run.rounds) {
    const answered = round.candidates.filter((c) => c.status !== 'pending').length;
    done += answered + (round.reflection && round.reflection.status !== 'pending' ? 1 : 0);
    if (!round.done && !where)
      where =
        `round ${round.index + 1} of ${rounds}, ` +
        `${answered < candidates ? `candidate ${answered + 1} of ${candidates}` : 'reflection'}`;
  }
  if (!where) where = run.rounds.length >= rounds ? 'all rounds done' : `round ${run.rounds.length + 1} of ${rounds}`;
  return { done: Math.min(done, total), total, where };
}

export function dlmProgress(run: DlmRunState | undefined, rounds: number, candidates: number): RunProgress {
  const s = dlmSteps(run, rounds, candidates);
  return { done: s.done, total: s.total, atLeast: false, text: `Step ${s.done} of ${s.total}: ${s.where}` };
}

export function sclmProgress(
  run: SclmRunState | undefined,
  settings: {
    rounds: number;
    candidates: number;
    clauseRounds: number;
    clauseCandidates: number;
    scorer: 'simulator' | 'llm';
  },
): RunProgress {
  const split = run?.split?.status === 'done' || !!run?.clauses ? 1 : 0;
  if (!run?.clauses) {
    const generator = dlmSteps(undefined, settings.rounds, settings.candidates);
    return {
      done: split,
      total: 1 + generator.total,
      atLeast: true,
      text:
        `Step ${split} of at least ${1 + generator.total}: ` +
        `${split ? 'your clauses are needed' : 'splitting the priority into clauses'}`,
    };
  }
  const needRun = run.clauses.filter((c) => c.kind === 'prioritize' && !c.expression);
  const clauseSteps = needRun.map((c) =>
    dlmSteps(run.clauseRuns[c.name], settings.clauseRounds, settings.clauseCandidates),
  );
  const generator = dlmSteps(run.generator, settings.rounds, settings.candidates);
  const prioritize = run.clauses.filter((c) => c.kind === 'prioritize').length;
  const ratingsTotal = settings.scorer === 'llm' ? settings.rounds * settings.candidates * prioritize : 0;
  const ratingsDone = Object.values(run.ratings).filter((r) => r.status !== 'pending').length;
  const done =
    split + clauseSteps.reduce((n, s) => n + s.done, 0) + generator.done + Math.min(ratingsDone, ratingsTotal);
  const total = 1 + clauseSteps.reduce((n, s) => n + s.total, 0) + generator.total + ratingsTotal;
  const pendingClause = clauseSteps.findIndex((s) => s.done < s.total);
  const where =
    pendingClause >= 0
      ? `the reward of clause "${needRun[pendingClause].name}", ${clauseSteps[pendingClause].where}`
      : generator.done < generator.total
        ? `the candidate pool, ${generator.where}`
        : ratingsDone < ratingsTotal
          ? `rating candidates on the clauses (${ratingsDone} of ${ratingsTotal})`
          : run.result
            ? 'selected'
            : 'scoring and selecting';
  // baselines add a few more answers at the end; the count says "at least" until the result is in
  return {
    done: Math.min(done, total),
    total,
    atLeast: !run.result,
    text: `Step ${Math.min(done, total)} of ${run.result ? '' : 'at least '}${total}: ${where}`,
  };
}
