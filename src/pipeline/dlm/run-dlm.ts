// DLM's loop (Algorithm 1) as a resumable state machine over small injected parts: an LLM that
// proposes, an LLM that reflects, a compiler from reply text to a reward table, and a simulator
// that returns the state-feature distributions. Each step updates the run state and hands a
// copy to `checkpoint`; a run started again from any checkpoint asks the LLM nothing it has
// already answered.
import type { DistributionCategory } from '../../core/measures/distribution-categories.ts';
import { parseIndexReply } from '../../core/prompts/parse-reply.ts';
import { askUntilParsed, parsedBy, type Attempt } from '../ask-until-parsed.ts';
import { cloneState, pauseOn, pausingIo } from '../resumable.ts';
import type { CandidateState, DlmResult, DlmRunState, RoundState } from './dlm-run-state.ts';

/** A best previous attempt (Alg. 1 line 15: the pick joins the context zeta of later rounds). */
export interface PreviousPick {
  expression: string;
}

export interface ProposalRequest {
  kind: 'proposal';
  task: string;
  /** Candidate id, "r<round>/c<slot>"; with `attempt`, a stable key for transcripts and replays. */
  candidate: string;
  round: number;
  attempt: number;
  /** Picks of the earlier rounds, oldest first. */
  previous: PreviousPick[];
  /** This candidate's refused replies so far, each with the error to feed back. */
  failures: Attempt[];
}

export interface ReflectionRequest {
  kind: 'reflection';
  task: string;
  round: number;
  attempt: number;
  /** What the prompt lists, index i = candidates[i]. */
  candidates: { index: number; expression: string; distribution: DistributionCategory[] }[];
  failures: Attempt[];
}

export type ReplyCompiled =
  { ok: true; expression: string; normalized: string; rewardTable: Float64Array } | { ok: false; error: string };

export interface DlmParts {
  /** Returns the LLM's reply text; throws when the provider fails (the run then pauses). */
  propose(request: ProposalRequest): Promise<string>;
  reflect(request: ReflectionRequest): Promise<string>;
  /** Extracts, parses and compiles the expression in a reply; errors as data. Must be deterministic. */
  compile(reply: string): ReplyCompiled;
  /**
   * Simulates the policy of a compiled reward (keyed by its normalized expression) and returns its state-feature
   * distributions.
   */
  simulate(compiled: {
    normalized: string;
    rewardTable: Float64Array;
  }): Promise<{ distribution: DistributionCategory[] }>;
}

export type DlmEvent =
  | { type: 'llm-request'; request: ProposalRequest | ReflectionRequest }
  | { type: 'candidate'; id: string; status: 'valid' | 'refused' | 'failed'; duplicateOf?: string; error?: string }
  | { type: 'simulated'; id: string; normalized: string }
  | { type: 'picked'; round: number; id: string | null; reason?: string }
  | { type: 'paused'; reason: string }
  | { type: 'done'; result: DlmResult | null };

export interface RunOptions {
  /** Receives a deep copy of the state after every step (plain JSON data). */
  checkpoint?: (state: DlmRunState) => void;
  onEvent?: (event: DlmEvent) => void;
  signal?: AbortSignal;
}

/**
 * Runs (or resumes) `initial` until done or paused. Resolves with the final state: status 'done'
 * with `result`, or 'paused' with `pausedBecause` (a part threw, or `signal` aborted); pass that
 * state back in to resume. Exceptions from `compile` are bugs and propagate.
 */
export async function runDlm(initial: DlmRunState, parts: DlmParts, options: RunOptions = {}): Promise<DlmRunState> {
  const state = cloneState(initial);
  if (state.status === 'done') return state;
  state.status = 'running';
  delete state.pausedBecause;
  // Checkpoints written before distributions were kept as structures hold text: simulated again (no LLM call is
  // repeated).
  for (const [key, record] of Object.entries(state.simulations))
    if (!Array.isArray(record.distribution)) delete state.simulations[key];
  const emit = (event: DlmEvent) => options.onEvent?.(event);
  const save = () => options.checkpoint?.(cloneState(state));
  const { config } = state;
  const step: Step = { state, parts, io: pausingIo(options.signal), signal: options.signal, emit, save };

  try {
    for (let r = 0; r < config.rounds; r++) {
      const round = state.rounds[r] ?? (state.rounds[r] = { index: r, candidates: [], done: false });
      if (round.done) continue;
      for (let slot = 0; slot < config.candidates; slot++) {
        const candidate =
          round.candidates[slot] ??
          (round.candidates[slot] = { id: `r${r}/c${slot}`, attempts: [], status: 'pending' });
        await proposeCandidate(step, round, candidate);
      }
      if (config.mode === 'reflection') {
        await simulateRound(step, round);
        await reflectRound(step, round);
      }
      round.done = true;
      save();
    }
  } catch (error) {
    emit({ type: 'paused', reason: pauseOn(error, state, save) });
    return state;
  }
  state.result = resultOf(state);
  state.status = 'done';
  save();
  emit({ type: 'done', result: state.result });
  return state;
}

/** What every step works with: the run state (mutated in place), the parts, and the run's hooks. */
interface Step {
  state: DlmRunState;
  parts: DlmParts;
  /** Calls an I/O part, turning its failure (or an abort) into a pause. */
  io: <T>(call: () => Promise<T>) => Promise<T>;
  signal?: AbortSignal;
  emit: (event: DlmEvent) => void;
  save: () => void;
}

const validCandidates = (state: DlmRunState) =>
  state.rounds.flatMap((r) => r.candidates.filter((c) => c.status === 'valid'));

async function proposeCandidate(step: Step, round: RoundState, candidate: CandidateState) {
  const { state, parts, signal, emit, save } = step;
  if (candidate.status !== 'pending') return;
  const previous = previousPicks(state, round.index);
  const base = { kind: 'proposal', task: state.task, candidate: candidate.id, round: round.index, previous } as const;
  const asked = await askUntilParsed({
    attempts: candidate.attempts,
    maxAttempts: state.config.maxAttempts,
    send: (failures) => {
      const request: ProposalRequest = { ...base, attempt: failures.length, failures };
      emit({ type: 'llm-request', request });
      return parts.propose(request);
    },
    parse: (reply) => {
      const compiled = parts.compile(reply);
      return compiled.ok ? { ok: true, value: compiled } : compiled;
    },
    refused: ({ error }) => (emit({ type: 'candidate', id: candidate.id, status: 'refused', error }), save()),
    signal,
  });
  if (asked.ok) {
    candidate.status = 'valid';
    candidate.expression = asked.value.expression;
    candidate.normalized = asked.value.normalized;
    const first = validCandidates(state).find((c) => c !== candidate && c.normalized === asked.value.normalized);
    if (first) candidate.duplicateOf = first.id;
    emit({ type: 'candidate', id: candidate.id, status: 'valid', duplicateOf: candidate.duplicateOf });
  } else {
    candidate.status = 'failed';
    emit({ type: 'candidate', id: candidate.id, status: 'failed', error: asked.failure });
  }
  save();
}

/** Simulates each distinct valid candidate of the round not simulated before (in this run). */
async function simulateRound({ state, parts, io, emit, save }: Step, round: RoundState) {
  for (const c of round.candidates) {
    if (c.status !== 'valid' || state.simulations[c.normalized!]) continue;
    const compiled = parts.compile(c.attempts.at(-1)!.reply);
    if (!compiled.ok || compiled.normalized !== c.normalized)
      throw new Error(`compile is not deterministic: candidate ${c.id} no longer compiles to what it did`);
    const outcome = await io(() => parts.simulate(compiled));
    state.simulations[c.normalized!] = { distribution: outcome.distribution };
    emit({ type: 'simulated', id: c.id, normalized: c.normalized! });
    save();
  }
}

async function reflectRound({ state, parts, signal, emit, save }: Step, round: RoundState) {
  // Each distinct valid expression once, in slot order.
  const valid = round.candidates.filter((c) => c.status === 'valid');
  const shown = valid.filter((c, i) => valid.findIndex((d) => d.normalized === c.normalized) === i);
  const reflection =
    round.reflection ?? (round.reflection = { attempts: [], status: 'pending', shown: shown.map((c) => c.id) });
  if (reflection.status !== 'pending') return;
  if (shown.length < 2) {
    reflection.status = 'skipped';
    reflection.reason = shown.length === 0 ? 'no valid candidate' : 'one distinct candidate';
    if (shown.length === 1) reflection.pick = shown[0].id;
    emit({ type: 'picked', round: round.index, id: reflection.pick ?? null, reason: reflection.reason });
    save();
    return;
  }
  const candidates = shown.map((c, index) => ({
    index,
    expression: c.expression!,
    distribution: state.simulations[c.normalized!].distribution,
  }));
  const asked = await askUntilParsed({
    attempts: reflection.attempts,
    maxAttempts: state.config.maxAttempts,
    send: (failures) => {
      const request: ReflectionRequest = {
        kind: 'reflection',
        task: state.task,
        round: round.index,
        attempt: failures.length,
        candidates,
        failures,
      };
      emit({ type: 'llm-request', request });
      return parts.reflect(request);
    },
    parse: parsedBy((reply) => parseIndexReply(reply, candidates.length)),
    refused: save,
    signal,
  });
  if (asked.ok) {
    reflection.status = 'picked';
    reflection.pick = reflection.shown[asked.value];
    emit({ type: 'picked', round: round.index, id: reflection.pick });
  } else {
    reflection.status = 'failed';
    emit({ type: 'picked', round: round.index, id: null, reason: `reflection failed: ${asked.failure}` });
  }
  save();
}

/** Picks of rounds before `round`, oldest first, as the proposal prompt shows them. */
function previousPicks(state: DlmRunState, round: number): PreviousPick[] {
  const picks: PreviousPick[] = [];
  for (const r of state.rounds.slice(0, round)) {
    const id = r.reflection?.pick;
    const c = id ? r.candidates.find((x) => x.id === id) : undefined;
    if (c) picks.push({ expression: c.expression! });
  }
  return picks;
}

/** R_DLM: the pick of the last round that has one, else the first valid candidate, else null. */
function resultOf(state: DlmRunState): DlmResult | null {
  for (const r of [...state.rounds].reverse()) {
    const id = r.reflection?.pick;
    const c = id ? r.candidates.find((x) => x.id === id) : undefined;
    if (c)
      return {
        candidate: c.id,
        expression: c.expression!,
        normalized: c.normalized!,
        pickedBy: r.reflection!.status === 'picked' ? 'reflection' : 'only-candidate',
      };
  }
  const first = validCandidates(state)[0];
  return first
    ? { candidate: first.id, expression: first.expression!, normalized: first.normalized!, pickedBy: 'first-valid' }
    : null;
}
