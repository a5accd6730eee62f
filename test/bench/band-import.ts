// Prints what a keystroke in a cut-point field costs on the Data screen for a large import (100,000
// rows of the DLM schema, its 7 numeric columns stand-alone, by default): banding the whole import
// afresh (bandImport) against ImportBander, which bands the typed column alone.
// `npx tsx test/bench/band-import.ts [numArms]`.
import { bandImport, ImportBander, type BandChoice } from '../../src/core/datasets/band-import.ts';
import { randomDlmFeatures } from './random-dlm-features.ts';

const numArms = Number(process.argv[2] ?? 100_000);
const { schema, features } = randomDlmFeatures(numArms);
const numeric = schema.columns.filter((c) => c.group === null).map((c) => c.name);
const typed = ['2', '20', '20,', '20, 3', '20, 30', '20, 30,', '20, 30, 4', '20, 30, 40'];

function keystrokes(band: (choices: Record<string, BandChoice>) => unknown): number {
  const choices: Record<string, BandChoice> = {};
  const started = performance.now();
  for (const text of typed) band({ ...choices, [numeric[0]]: { by: 'cuts', text } });
  return (performance.now() - started) / typed.length;
}

const bander = new ImportBander(schema, features, numArms);
let started = performance.now();
bander.band();
const first = performance.now() - started;
const afresh = keystrokes((choices) => bandImport(schema, features, numArms, choices));
const incremental = keystrokes((choices) => bander.band(choices));
console.log(`${numArms.toLocaleString('en')} rows, ${numeric.length} numeric columns`);
console.log(`first banding (every column):     ${first.toFixed(1)} ms`);
console.log(`per keystroke, banding afresh:    ${afresh.toFixed(2)} ms`);
console.log(
  `per keystroke, ImportBander:      ${incremental.toFixed(3)} ms (${(afresh / incremental).toFixed(0)}x less)`,
);
