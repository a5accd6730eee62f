// Where a plan's register comes from, and the one reader of it that the plan worker and `allot plan`
// share, so that the same files give the same register, groups and list everywhere:
//   - a built-in population with simulated weeks of history (try the whole flow without data);
//   - a file: a history CSV (id, week, state, called) with its features file, a register CSV with a
//     `state` column (transition columns optional), or a population with transitions and no current
//     states (an instance JSON, or a population CSV without `state`: each state drawn from her
//     initial distribution, seeded);
//   - a population saved on the Data screen (transitions given, states drawn the same way).
// Files are decoded by read-text.ts (UTF-8 or UTF-16, size checked first); every stand-alone numeric
// feature column is banded into groups (quartiles; editable later).
import { parseInstanceJson } from '../../core/datasets/instance-json.ts';
import { parsePopulationCsv } from '../../core/datasets/population-csv.ts';
import { defaultBudget, parseHistoryCsv, parseRegisterCsv, registerCsvKind } from '../../core/datasets/register-csv.ts';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Instance } from '../../core/instance/types.ts';
import { bandNumericFeatures } from '../../core/plan/band-numeric.ts';
import { mergedIdsWords, nfcIds } from '../../core/datasets/nfc-ids.ts';
import { generatedRegister } from '../../core/plan/generated-register.ts';
import { registerFromInstance, type Register } from '../../core/plan/register.ts';
import { seededRandom } from '../../core/random/seeded-random.ts';
import { readText } from '../read-text.ts';

/** A file the user gave: its contents and its name (for messages). */
export interface NamedFile {
  file: Blob;
  fileName: string;
}

export type RegisterSource =
  | { kind: 'generator'; name: string; parameters: Record<string, number>; seed: number; weeks: number }
  /** `seed` draws the current states of a population without them; `features` goes with a history CSV; `text`: how text columns are grouped. */
  | ({ kind: 'file'; features?: NamedFile; seed: number; text?: TextChoices } & NamedFile)
  | { kind: 'population'; instance: Instance; name: string; seed: number };

/**
 * The register of `source`, with every stand-alone feature column banded and its ids in Unicode NFC
 * (two ids that become one are refused, in words). Errors are in words, naming the file.
 */
export async function readRegister(source: RegisterSource): Promise<Register> {
  const register = await readRaw(source);
  const nfc = nfcIds(register.ids);
  if (nfc?.merged.length) {
    const [a, b] = nfc.merged[0];
    throw new Error(`${source.kind === 'file' ? source.fileName : source.name}: the ids ${mergedIdsWords(a, b)} are one id once normalized (Unicode NFC), so they would be one beneficiary; give each beneficiary her own id${nfc.merged.length > 1 ? ` (${nfc.merged.length} such pairs)` : ''}`);
  }
  return { ...register, ids: nfc?.ids ?? register.ids, schema: bandNumericFeatures(register.schema, register.features, register.numArms) };
}

async function readRaw(source: RegisterSource): Promise<Register> {
  switch (source.kind) {
    case 'generator':
      return generatedRegister(source.name, source.parameters, source.seed, { weeks: source.weeks }).register;
    case 'file':
      return readRegisterFile(source);
    case 'population':
      return fromPopulation(source.instance, source.seed);
  }
}

async function readRegisterFile({ file, fileName, features, seed, text: choices }: Extract<RegisterSource, { kind: 'file' }>): Promise<Register> {
  const text = await readText(file, fileName);
  if (/\.json$/i.test(fileName) || text.trimStart().startsWith('{')) {
    if (features) throw new Error(`${features.fileName} goes with a history CSV (id, week, state, called); ${fileName} is a population file with its own features`);
    return fromPopulation(parseInstanceJson(text, fileName), seed);
  }
  const header = text.replace(/^\ufeff/, '').split(/\r?\n/, 1)[0];
  if (registerCsvKind(header) === 'history') {
    if (!features) throw new Error(`${fileName} is a history (id, week, state, called): give its features file too (id and feature columns)`);
    return parseHistoryCsv(text, await readText(features.file, features.fileName), { fileName, featuresFileName: features.fileName, text: choices });
  }
  if (features) throw new Error(`${features.fileName} goes with a history CSV (id, week, state, called); ${fileName} has no week and called columns`);
  if (!header.split(',').map((h) => h.trim().replace(/^"|"$/g, '')).includes('state')) {
    // A population CSV without current states: states drawn from each beneficiary's initial distribution.
    return fromPopulation(parsePopulationCsv(text, { fileName, text: choices }), seed);
  }
  return parseRegisterCsv(text, { fileName, text: choices });
}

/** A population with transitions and no current states: each state drawn from her initial distribution (seeded). */
function fromPopulation(instance: Instance, seed: number): Register {
  return registerFromInstance(instance, defaultBudget(instance.numArms), seededRandom(seed).next);
}
