// Files of `allot plan`: the register (a built-in population with simulated histories, a wide CSV or
// a history CSV with its features), share constraints from the command line, the list as CSV and
// --json, and PLAN.json written whole or not at all.
import { readFile, rename, stat, writeFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { findGenerator } from '../core/datasets/generators.ts';
import { parseInstanceJson } from '../core/datasets/instance-json.ts';
import { parsePopulationCsv } from '../core/datasets/population-csv.ts';
import { parseHistoryCsv, parseRegisterCsv, registerCsvKind } from '../core/datasets/register-csv.ts';
import { plainWords, type PlanWarning } from '../core/plan/estimate-warnings.ts';
import { generatedRegister } from '../core/plan/generated-register.ts';
import { fullReason, listCsv as coreListCsv, listLines } from '../core/plan/list-csv.ts';
import type { ShareSetting } from '../core/plan/plan-settings.ts';
import { registerFromInstance, type Register } from '../core/plan/register.ts';
import { seededRandom } from '../core/random/seeded-random.ts';
import type { WeeklyList } from '../core/plan/weekly-list.ts';
import { UsageError } from './args.ts';

export async function readText(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => {
    throw new Error(`cannot read "${path}": no such file`);
  });
}

export const exists = (path: string) => stat(path).then(() => true, () => false);

/** A built-in population's register (simulated histories) or a register file. */
export async function loadRegister(nameOrFile: string, flags: { features?: string; seed: number; arms?: number; weeks: number; budget: number }): Promise<Register> {
  if (findGenerator(nameOrFile)) {
    if (flags.features) throw new UsageError(`--features applies to a history CSV, not to the built-in population "${nameOrFile}"`);
    const { register } = generatedRegister(nameOrFile, flags.arms ? { arms: flags.arms } : {}, flags.seed, { weeks: flags.weeks });
    return { ...register, budget: flags.budget };
  }
  if (flags.arms !== undefined) throw new UsageError(`--arms applies to a built-in population, not to the file "${nameOrFile}"`);
  const text = await readText(nameOrFile);
  const fileName = basename(nameOrFile);
  const header = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0];
  if (registerCsvKind(header) === 'history') {
    if (!flags.features) throw new UsageError(`${fileName} is a history (id, week, state, called): give its features with --features FILE.csv (id and feature columns)`);
    return parseHistoryCsv(text, await readText(flags.features), { fileName, featuresFileName: basename(flags.features), budget: flags.budget });
  }
  if (flags.features) throw new UsageError(`--features applies to a history CSV (id, week, state, called); ${fileName} has no week and called columns`);
  // The existing population formats (an instance JSON, a population CSV without a state column): states drawn from the initial distribution.
  if (/\.json$/i.test(nameOrFile)) return registerFromInstance(parseInstanceJson(text, fileName), flags.budget, seededRandom(flags.seed).next);
  if (!header.split(',').map((h) => h.trim().replace(/^"|"$/g, '')).includes('state')) {
    const instance = parsePopulationCsv(text, { fileName, budget: Math.min(flags.budget, text.split('\n').length) });
    return registerFromInstance(instance, flags.budget, seededRandom(flags.seed).next);
  }
  return parseRegisterCsv(text, { fileName, budget: flags.budget });
}

/** "Ages=Ages 51-60:0.2" -> { group, bucket, [bound]: 0.2 }: the group before the first "=", the share after the last ":". */
export function parseShare(text: string, bound: 'min' | 'max'): ShareSetting {
  const eq = text.indexOf('='), colon = text.lastIndexOf(':');
  const share = colon > eq ? Number(text.slice(colon + 1)) : NaN;
  if (eq <= 0 || colon <= eq + 1 || !(share >= 0 && share <= 1) || text.slice(colon + 1).trim() === '') {
    throw new UsageError(`--${bound}-share "${text}": write GROUP=BUCKET:SHARE with SHARE in [0, 1], e.g. --${bound}-share "Ages=Ages 51-60:0.2"`);
  }
  return { group: text.slice(0, eq).trim(), bucket: text.slice(eq + 1, colon).trim(), [bound]: share };
}

/** Writes `text` to a temporary file beside `path`, then renames it: the file is whole or unchanged. */
export async function writeWhole(path: string, text: string): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

/** calls.csv: the core's list CSV (core/plan/list-csv.ts), the same file as the app's download. */
export function listCsv(list: WeeklyList, register: Register): string {
  return coreListCsv(list, listLines(register, list.arms));
}

/** The --json shape of the issue, plus the sentences, unmet constraints and warnings (sentences, and in warning_details as data). */
export function listJson(list: WeeklyList, register: Register): string {
  return JSON.stringify({
    week: list.week,
    calls: Array.from(list.arms, (arm, j) => ({ id: register.ids[arm], rank: j + 1, index: list.index[j], default_rank: list.defaultRank[j], reason: fullReason(list, j) })),
    groups: list.groups.map((g) => ({ group: g.group, bucket: g.bucket, share_calls: g.shareCalls, share_default: g.shareDefault, share_population: g.sharePopulation })),
    sentences: list.sentences,
    unmet: list.unmet,
    uncertain: list.uncertainCount,
    tie_seed: list.tieSeed,
    warnings: list.warnings.map((w) => w.technical),
    warning_details: list.warnings.map(warningJson),
  });
}

/**
 * A warning as data for --json: its kind and fields (estimate-warnings.ts, keys in snake_case), its
 * sentence (`message`, the same as in `warnings`) and the same in a program manager's words (`plain`).
 */
export function warningJson(w: PlanWarning): Record<string, unknown> {
  const { kind, technical, ...fields } = w;
  const out: Record<string, unknown> = { kind };
  for (const [key, value] of Object.entries(fields)) out[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  return { ...out, message: technical, plain: plainWords(w).plain };
}

/** A few lines for people: the week, the sentences, the first calls, warnings. */
export function listText(list: WeeklyList, register: Register, shown = 10): string {
  const out = [`week ${list.week}: ${list.arms.length} calls under "${list.reward}" (tie seed ${list.tieSeed})`];
  for (const s of list.sentences.slice(0, 3)) out.push(`  ${s}`);
  if (list.uncertainCount > 0) out.push(`  ${list.uncertainCount} beneficiaries change place in or out of the list across posterior draws`);
  for (const u of list.unmet) out.push(`  not met: ${u}`);
  out.push('  rank  id          index      default rank');
  for (let j = 0; j < Math.min(shown, list.arms.length); j++) {
    out.push(`  ${String(j + 1).padStart(4)}  ${register.ids[list.arms[j]].padEnd(10)}  ${list.index[j].toFixed(6).padStart(9)}  ${String(list.defaultRank[j]).padStart(6)}`);
  }
  if (list.arms.length > shown) out.push(`  ... ${list.arms.length - shown} more (--out calls.csv writes them all, with reasons)`);
  for (const w of list.warnings) out.push(`warning: ${w.technical}`);
  return out.join('\n') + '\n';
}
