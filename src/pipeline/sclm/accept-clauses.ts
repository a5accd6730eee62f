// The user's hand in an SCLM run: the clauses the LLM proposed, edited and accepted, plus the
// optional clauses SCLM adds against unintended utility shifts and drops (section 5.2.2).
import type { FeatureSchema } from '../../core/instance/types.ts';
import { guessClauseKind } from '../../core/adjudicate/clause-kind.ts';
import { groupsNamed } from '../../core/prompts/groups-named.ts';
import { pMean } from '../../core/welfare/p-mean.ts';
import { cloneState } from '../resumable.ts';
import type { SclmClause, SclmRunState } from './sclm-run-state.ts';

/**
 * The clauses to show the user for editing: the accepted ones, else the LLM's proposal, a clause per line, its kind
 * guessed.
 */
export function proposedClauses(state: SclmRunState): SclmClause[] {
  if (state.clauses) return state.clauses.map((c) => ({ ...c }));
  return (state.split?.proposed ?? []).map((text, i) => ({
    name: `clause ${i + 1}`,
    text,
    kind: guessClauseKind(text),
  }));
}

/**
 * Returns a copy of `state` with `clauses` accepted and the run ready to continue, with the clauses
 * of addedClauses (shift clauses on the groups the priority does not name, total utility). Clause rewards,
 * simulations and ratings of an earlier acceptance are dropped (they depend on the clauses); the
 * generator's candidates and the baselines are kept.
 */
export function acceptClauses(
  state: SclmRunState,
  clauses: readonly SclmClause[],
  schema: FeatureSchema,
): SclmRunState {
  if (state.status === 'done') throw new Error('the run is done; start a new run to change its clauses');
  if (clauses.length === 0) throw new RangeError('there are no clauses: accept at least one');
  const list = [...clauses.map((c) => ({ ...c })), ...addedClauses(state, clauses, schema)];
  const problems = clauseProblems(list, schema);
  const { weights } = state.config;
  if (weights) {
    try {
      pMean(new Float64Array(list.length).fill(1), 1, weights);
    } catch (error) {
      problems.push(
        `the configured clause weights do not fit the ${list.length} clauses ` +
          `(${list.map((c) => c.name).join(', ')}): ${(error as Error).message}`,
      );
    }
  }
  if (problems.length) throw new RangeError(problems.join('; '));
  const next = cloneState(state);
  next.clauses = list;
  next.status = 'running';
  delete next.clauseProblems;
  delete next.pausedBecause;
  next.clauseRuns = Object.fromEntries(
    Object.entries(next.clauseRuns).filter(([name]) =>
      list.some((c) => c.name === name && c.kind === 'prioritize' && !c.expression),
    ),
  );
  next.outcomes = {};
  next.ratings = {};
  return next;
}

/**
 * The clauses accepting would add (shown to the user before she accepts): a shift clause per ordered
 * group that no prioritization clause targets or names in its words, its reward or the composite
 * priority, and the total-utility clause, as the configuration asks.
 */
export function addedClauses(
  state: Pick<SclmRunState, 'config' | 'prompt'>,
  clauses: readonly SclmClause[],
  schema: FeatureSchema,
): SclmClause[] {
  const added: SclmClause[] = [];
  const prioritize = clauses.filter((c) => c.kind === 'prioritize');
  const named = new Set([
    ...clauses.flatMap((c) => (c.target ? [c.target.group] : [])),
    ...groupsNamed([state.prompt, ...prioritize.map((c) => `${c.text} ${c.expression ?? ''}`)].join(' '), schema),
  ]);
  if (state.config.shiftClauses) {
    for (const g of schema.groups) {
      const name = `no shift: ${g.name}`;
      if (g.ordered && !named.has(g.name) && !clauses.some((c) => c.name === name)) {
        added.push({
          name,
          text: `Do not change the utility distribution of ${g.name}.`,
          kind: 'shift',
          group: g.name,
        });
      }
    }
  }
  if (state.config.utilityClause && !clauses.some((c) => c.kind === 'utility')) {
    added.push({ name: 'total utility', text: 'Maximize the total generated utility.', kind: 'utility' });
  }
  return added;
}

/**
 * The composite prompt with the texts of the clauses the user did not write in it (the baseline "DLM with the extended
 * prompt").
 */
export function extendedPrompt(state: SclmRunState): string | null {
  const added = (state.clauses ?? []).filter((c) => c.kind !== 'prioritize');
  return added.length ? `${state.prompt.trim()} ${added.map((c) => c.text).join(' ')}` : null;
}

function clauseProblems(clauses: readonly SclmClause[], schema: FeatureSchema): string[] {
  const problems: string[] = [];
  const names = new Set<string>();
  const group = (name: string) => schema.groups.find((g) => g.name === name);
  clauses.forEach((c, i) => {
    const at = `clause ${i + 1}`;
    if (!c.name?.trim()) problems.push(`${at} has no name`);
    else if (names.has(c.name)) problems.push(`${at}: the name "${c.name}" is used twice`);
    names.add(c.name);
    if (!c.text?.trim()) problems.push(`${at} ("${c.name}") has no text`);
    if (c.kind === 'shift') {
      const g = c.group === undefined ? undefined : group(c.group);
      if (!g)
        problems.push(
          `${at} ("${c.name}"): a shift clause needs one of the groups ${schema.groups.map((x) => x.name).join(', ')}`,
        );
      else if (!g.ordered)
        problems.push(
          `${at} ("${c.name}"): group ${g.name} has no order, so its shift (EMD over ordered buckets) is undefined`,
        );
    }
    if (c.target && !group(c.target.group))
      problems.push(`${at} ("${c.name}"): target group "${c.target.group}" is not in the schema`);
  });
  return problems;
}
