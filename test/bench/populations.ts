// Speed of the population layer: generation, JSON and CSV import/export, arm sampling.
// Run: npx tsx test/bench/populations.ts   (prints the median of 5 runs after one warm-up)
import { findGenerator } from '../../src/core/datasets/generators.ts';
import { instanceToJson, parseInstanceJson } from '../../src/core/datasets/instance-json.ts';
import { parsePopulationCsv } from '../../src/core/datasets/population-csv.ts';
import { populationToCsv } from '../../src/core/datasets/population-export.ts';
import { sampleArms } from '../../src/core/instance/sample-arms.ts';

function time(label: string, run: () => unknown): void {
  run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(52)} ${times[2].toFixed(1).padStart(8)} ms (min ${times[0].toFixed(1)})`);
}

const dlm = findGenerator('dlm')!;
time('generate dlm, 7,668 arms (default)', () => dlm.generate({}, 1));
for (const name of ['dlm', 'sclm', 'multilingual'])
  time(`generate ${name}, 100,000 arms`, () => findGenerator(name)!.generate({ arms: 100_000 }, 1));
const big = dlm.generate({ arms: 100_000 }, 1);
const json = instanceToJson(big);
const csv = populationToCsv(big);
console.log(`(100,000 dlm arms: JSON ${(json.length / 1e6).toFixed(1)} MB, CSV ${(csv.length / 1e6).toFixed(1)} MB)`);
time('export JSON, 100,000 dlm arms', () => instanceToJson(big));
time('import JSON, 100,000 dlm arms', () => parseInstanceJson(json));
time('export CSV, 100,000 dlm arms', () => populationToCsv(big));
time('import CSV, 100,000 dlm arms (43 features, inferred schema)', () => parsePopulationCsv(csv));
const plain = populationToCsv(big, { features: false, initial: false });
time('import CSV, 100,000 arms id,q00,q01,q10,q11', () => parsePopulationCsv(plain));
const population = dlm.generate({}, 1);
time('sampleArms 48 of 7,668', () => sampleArms(population, 48, 3));
