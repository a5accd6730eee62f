// The Plan screen's setup before its first list (the register chosen, its bands, the policy, the
// rules, the name), kept in this browser's storage so that a reload does not lose it. Files are kept
// as they were chosen (IndexedDB holds Blobs); a population saved on the Data screen by its id.
import { upgradeGeneratedSource } from '../../core/datasets/population-choice.ts';
import type { Banding } from '../../pipeline/plan/reband.ts';
import type { RegisterSource } from '../../pipeline/plan/register-source.ts';
import type { PlanForm } from './plan-form.ts';
import type { ProgramForm } from './program-form.ts';

export type DraftSource =
  | Exclude<RegisterSource, { kind: 'population' }>
  | { kind: 'population'; populationId: string; name: string; seed: number };

export interface PlanDraft {
  source: DraftSource;
  bands: { group: string; banding: Banding }[];
  /** The policy menu's choice and the reward text. */
  choice: string;
  text: string;
  form: PlanForm | null;
  /** How the program runs (holdout, workers, deactivation, exploring); absent in a draft kept before it. */
  program?: ProgramForm;
  name: string;
}

/** The settings key the draft is kept under. */
export const PLAN_DRAFT_KEY = 'plan-draft';

/**
 * The draft as read back, or null when it is not one (another version's, or damaged). A built-in source kept
 * with `name` for its generator (before the forms were one) reads with `generator`.
 */
export function readDraft(value: unknown): PlanDraft | null {
  const d = value as Partial<PlanDraft> | null;
  if (!d || typeof d !== 'object' || !d.source || typeof d.source !== 'object' || !Array.isArray(d.bands)) return null;
  if (typeof d.choice !== 'string' || typeof d.text !== 'string' || typeof d.name !== 'string') return null;
  const kind = (d.source as { kind?: unknown }).kind;
  if (kind !== 'generator' && kind !== 'file' && kind !== 'population') return null;
  return { ...d, source: upgradeGeneratedSource(d.source) } as PlanDraft;
}
