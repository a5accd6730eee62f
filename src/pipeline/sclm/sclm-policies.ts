// Which policies an SCLM run simulates: the default reward, the generator's pool and the baselines' picks, each
// normalized expression once, with its reward table compiled again from the accepted reply when it is needed
// (tables are not checkpointed). Apart from the state machine (run-sclm.ts) because it reads a finished state
// and decides, without asking or simulating anything.
import type { DlmRunState } from '../dlm/dlm-run-state.ts';
import type { DlmParts } from '../dlm/run-dlm.ts';
import type { DlmRunName, SclmParts } from './run-sclm.ts';
import type { SclmRunState } from './sclm-run-state.ts';
import { poolCandidates } from './select-sclm.ts';

/** A policy to simulate: its reward's normalized and written expressions, and its table when asked. */
export interface SclmPolicy {
  normalized: string;
  expression: string;
  table: () => Float64Array;
}

/** The reward table of candidate `id` of a finished DLM run, compiled again from its accepted reply. */
export function recompile(parts: DlmParts, run: DlmRunState, id: string): Float64Array | null {
  const c = run.rounds.flatMap((r) => r.candidates).find((x) => x.id === id);
  const reply = c?.attempts.at(-1)?.reply;
  if (!c || reply === undefined) return null;
  const compiled = parts.compile(reply);
  if (!compiled.ok || compiled.normalized !== c.normalized)
    throw new Error(`compile is not deterministic: candidate ${id} no longer compiles to what it did`);
  return compiled.rewardTable;
}

/** Every policy to simulate, in this order: the default, the pool, the baselines' picks; each expression once. */
export function policiesToSimulate(state: SclmRunState, parts: SclmParts): SclmPolicy[] {
  const list: SclmPolicy[] = [];
  const def = parts.compileExpression(state.config.defaultExpression);
  if (!def.ok) throw new Error(`the default reward "${state.config.defaultExpression}" does not compile: ${def.error}`);
  list.push({ normalized: def.normalized, expression: def.expression, table: () => def.rewardTable });
  const add = (run: DlmRunName, dlm: DlmRunState | undefined, ids: string[]) => {
    for (const id of ids) {
      const c = dlm!.rounds.flatMap((r) => r.candidates).find((x) => x.id === id)!;
      if (list.some((p) => p.normalized === c.normalized)) continue;
      list.push({
        normalized: c.normalized!,
        expression: c.expression!,
        table: () => recompile(parts.dlm(run), dlm!, id)!,
      });
    }
  };
  add(
    'generator',
    state.generator,
    poolCandidates(state.generator).map((c) => c.id),
  );
  if (state.baselines.zeroShot?.result)
    add('zero-shot', state.baselines.zeroShot, [state.baselines.zeroShot.result.candidate]);
  if (state.baselines.extended?.result)
    add('extended', state.baselines.extended, [state.baselines.extended.result.candidate]);
  return list;
}
