// Where a plan's register comes from, and the one reader of it that the plan worker and `allot plan`
// share, so that the same files give the same register, groups and list everywhere:
//   - a built-in population with simulated weeks of history (try the whole flow without data);
//   - her files as exported (pipeline/files/: CSV with commas, semicolons or tabs, UTF-8 or UTF-16, or
//     a workbook's sheet), under her column names (core/datasets/column-mapping.ts; guessed when she
//     does not say): a history (id, week, state, called; streamed into typed columns, any size) with a
//     features table beside it or alone, a register with a current state, or a population with
//     transitions and no current states (an instance JSON, or a population CSV without a state: each
//     state drawn from her initial distribution, seeded). A features table may be long (id, attribute,
//     value, as DHIS2 exports it);
//   - a population saved on the Data screen (transitions given, states drawn the same way).
// Every stand-alone numeric feature column is banded into groups (quartiles; editable later).
import type { ColumnMapping } from '../../core/datasets/column-mapping.ts';
import { csvCells } from '../../core/datasets/cell-table.ts';
import type { GeneratedPopulation } from '../../core/datasets/population-choice.ts';
import type { CsvTable } from '../../core/datasets/csv.ts';
import { HistoryReader } from '../../core/datasets/history-reader.ts';
import { parseInstanceJson } from '../../core/datasets/instance-json.ts';
import { longColumns, pivotLongTable } from '../../core/datasets/long-table.ts';
import { parsePopulationTable } from '../../core/datasets/population-csv.ts';
import {
  defaultBudget,
  hasTransitions,
  registerFromHistory,
  registerFromTable,
  registerKind,
} from '../../core/datasets/register-csv.ts';
import { mapTable, readFeatureTable, type FeatureTableRead } from '../../core/datasets/register-table.ts';
import { guessRole, mappingForFile } from '../../core/datasets/column-mapping.ts';
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Instance } from '../../core/instance/types.ts';
import { bandNumericFeatures } from '../../core/plan/band-numeric.ts';
import { mergedIdsWords, nfcPackedIds } from '../../core/datasets/nfc-ids.ts';
import { generatedRegister } from '../../core/plan/generated-register.ts';
import { registerFromInstance, type Register } from '../../core/plan/register.ts';
import { seededRandom } from '../../core/random/seeded-random.ts';
import { readByteTable, readRows, readTable } from '../files/read-table.ts';
import type { ReadControl } from '../files/utf8-chunks.ts';
import { readText } from '../read-text.ts';
import { peekHeader } from './file-preview.ts';

/**
 * A file the user gave: its contents and its name (for messages); `sheet`: the sheet of a workbook; `mapping`: her
 * names for its columns.
 */
export interface NamedFile {
  file: Blob;
  fileName: string;
  sheet?: string;
  mapping?: ColumnMapping;
}

export type RegisterSource =
  | (GeneratedPopulation & { weeks: number })
  /**
   * `seed` draws the current states of a population without them; `features` goes with a history. Her
   * names for a features file's columns are its own `mapping`, or the register's where that file has them.
   * `text`: how text columns are grouped.
   */
  | ({ kind: 'file'; features?: NamedFile; seed: number; text?: TextChoices } & NamedFile)
  | { kind: 'population'; instance: Instance; name: string; seed: number };

/**
 * The register of `source`, with every stand-alone feature column banded and its ids in Unicode NFC
 * (two ids that become one are refused, in words). Errors are in words, naming the file.
 */
export async function readRegister(source: RegisterSource, control: ReadControl = {}): Promise<Register> {
  const register = await readRaw(source, control);
  const nfc = nfcPackedIds(register.ids);
  if (nfc?.merged.length) {
    const [a, b] = nfc.merged[0];
    const named =
      source.kind === 'file' ? source.fileName : source.kind === 'generator' ? source.generator : source.name;
    throw new Error(
      `${named}: the ids ${mergedIdsWords(a, b)} are one id once ` +
        `normalized (Unicode NFC), so they would be one beneficiary; give each beneficiary her own ` +
        `id${nfc.merged.length > 1 ? ` (${nfc.merged.length} such pairs)` : ''}`,
    );
  }
  return {
    ...register,
    ids: nfc?.ids ?? register.ids,
    schema: bandNumericFeatures(register.schema, register.features, register.numArms),
  };
}

async function readRaw(source: RegisterSource, control: ReadControl): Promise<Register> {
  switch (source.kind) {
    case 'generator':
      return generatedRegister(source.generator, source.parameters, source.seed, { weeks: source.weeks }).register;
    case 'file':
      return readRegisterFile(source, control);
    case 'population':
      return fromPopulation(source.instance, source.seed);
  }
}

async function readRegisterFile(
  source: Extract<RegisterSource, { kind: 'file' }>,
  control: ReadControl,
): Promise<Register> {
  const { file, fileName, features, seed, text: choices } = source;
  const mapping = source.mapping ?? {};
  if (/\.json$/i.test(fileName) || (await file.slice(0, 1).text()) === '{') {
    if (features)
      throw new Error(
        `${features.fileName} goes with a history (id, week, state, called); ${fileName} is a population file with ` +
          `its own features`,
      );
    return fromPopulation(parseInstanceJson(await readText(file, fileName), fileName), seed);
  }
  const header = await peekHeader(file, fileName, source.sheet);
  if (registerKind(header, mapping) === 'history') {
    let table = null,
      own = mapping;
    if (features) {
      const featuresHeader = await peekHeader(features.file, features.fileName, features.sheet);
      const files = `${fileName} or ${features.fileName}`;
      own = mappingForFile(mapping, header, featuresHeader, files);
      table = await readFeatures(
        features,
        features.mapping ?? mappingForFile(mapping, featuresHeader, header, files),
        control,
        choices,
      );
    }
    let reader: HistoryReader | null = null;
    const known = table && { ids: table.read.index, fileName: table.where };
    const read = await readRows(
      file,
      fileName,
      (where, delimiter) => (reader = new HistoryReader(where, own, known, delimiter)),
      { ...control, sheet: source.sheet },
    );
    const hash = read.hash + (table ? `+${table.hash}` : '');
    return registerFromHistory(reader!.finish(), table?.read ?? null, hash, {
      fileName: read.where,
      featuresFileName: table?.where,
      mapping,
    });
  }
  if (features)
    throw new Error(
      `${features.fileName} goes with a history (id, week, state, called); ${fileName} has no week and called columns`,
    );
  const { table, read } = await readTable(file, fileName, { ...control, sheet: source.sheet });
  const wide = widened(table, read.where, mapping);
  const hasState = mapping.state !== undefined || guessRole(wide.header, 'state') !== -1;
  if (!hasState && hasTransitions(wide.header)) {
    // A population without current states: states drawn from each beneficiary's initial distribution.
    return fromPopulation(parsePopulationTable(wide, read.hash, { fileName: read.where, text: choices }), seed);
  }
  return registerFromTable(wide, read.hash, { fileName: read.where, mapping, text: choices });
}

/** A features table (wide or long) read under her mapping. */
async function readFeatures(
  features: NamedFile,
  mapping: ColumnMapping,
  control: ReadControl,
  text?: TextChoices,
): Promise<{ read: FeatureTableRead; where: string; hash: string }> {
  const { table, read } = await readByteTable(features.file, features.fileName, { ...control, sheet: features.sheet });
  const long = longColumns(table.header, mapping);
  const wide = long ? csvCells(pivotLongTable(table.toCsvTable(), long, read.where)) : table;
  return {
    read: readFeatureTable(wide, mapTable(wide, mapping, ['id'], read.where), read.where, undefined, text),
    where: read.where,
    hash: read.hash,
  };
}

/** A long attribute table turned wide; any other table as it is. */
function widened(table: CsvTable, where: string, mapping: ColumnMapping): CsvTable {
  const long = longColumns(table.header, mapping);
  return long ? pivotLongTable(table, long, where) : table;
}

/** A population with transitions and no current states: each state drawn from her initial distribution (seeded). */
function fromPopulation(instance: Instance, seed: number): Register {
  // a population keeps the budget it carries (its file's, or the one saved on the Data screen)
  return registerFromInstance(
    instance,
    instance.budget > 0 ? instance.budget : defaultBudget(instance.numArms),
    seededRandom(seed).next,
  );
}
