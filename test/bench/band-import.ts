// Prints what a keystroke in a cut-point field costs on the Data screen for a large import (100,000
// rows of the DLM schema, its 7 numeric columns stand-alone, by default): banding the whole import
// afresh (bandImport) against ImportBander, which bands the typed column alone.
// `npx tsx test/bench/band-import.ts [numArms]`.
import { bandImport, ImportBander, type BandChoice } from '../../src/core/datasets/band-import.ts';
import { dlmSchema } from '../../src/core/datasets/dlm-schema.ts';

const numArms = Number(process.argv[2] ?? 100_000);
const schema = dlmSchema();
const n = schema.columns.length;
const features = new Float64Array(numArms * n);
let seed = 12345;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
for (let arm = 0; arm < numArms; arm++) {
  for (let i = 0; i < 7; i++) features[arm * n + i] = Math.floor(random() * 46);
  for (const group of schema.groups) features[arm * n + group.columns[Math.floor(random() * group.columns.length)]] = 1;
}
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
console.log(`per keystroke, ImportBander:      ${incremental.toFixed(3)} ms (${(afresh / incremental).toFixed(0)}x less)`);
