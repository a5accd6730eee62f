// Where a plan's register comes from, and the register read from it (in the plan worker): a built-in
// population with simulated weeks of history, a wide register CSV, a history CSV with its features
// CSV, or a population saved on the Data screen (its transitions given, each arm's current state
// drawn from her initial distribution, seeded).
import { parseHistoryCsv, parseRegisterCsv } from '../../core/datasets/register-csv.ts';
import type { Instance } from '../../core/instance/types.ts';
import { bandNumericFeatures } from '../../core/plan/band-numeric.ts';
import { generatedRegister } from '../../core/plan/generated-register.ts';
import { registerFromInstance, type Register } from '../../core/plan/register.ts';
import { seededRandom } from '../../core/random/seeded-random.ts';

export type RegisterSource =
  | { kind: 'generator'; name: string; parameters: Record<string, number>; seed: number; weeks: number }
  | { kind: 'wide-csv'; file: Blob; fileName: string }
  | { kind: 'history-csv'; history: Blob; historyName: string; features: Blob; featuresName: string }
  | { kind: 'population'; instance: Instance; name: string; seed: number };

/** The register of `source`, with every stand-alone feature column banded (quartiles; editable later). */
export async function readRegister(source: RegisterSource): Promise<Register> {
  const register = await readRaw(source);
  return { ...register, schema: bandNumericFeatures(register.schema, register.features, register.numArms) };
}

async function readRaw(source: RegisterSource): Promise<Register> {
  switch (source.kind) {
    case 'generator':
      return generatedRegister(source.name, source.parameters, source.seed, { weeks: source.weeks }).register;
    case 'wide-csv':
      return parseRegisterCsv(await source.file.text(), { fileName: source.fileName });
    case 'history-csv':
      return parseHistoryCsv(await source.history.text(), await source.features.text(), { fileName: source.historyName, featuresFileName: source.featuresName });
    case 'population':
      // A saved population has no current states: each is drawn from her initial distribution, seeded.
      return registerFromInstance(source.instance, source.instance.budget, seededRandom(source.seed).next);
  }
}
