// The command line runs from a bundle of its sources (src/cli/bundle.mjs) rebuilt when a source changes, and
// through tsx when it cannot be built. Run on a copy of the sources, so an edit can be made without touching
// the checkout: the copy shares node_modules and the built WASM through symbolic links.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let copy: string;

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'allot-bundle-'));
  cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
  cpSync(join(root, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
  symlinkSync(join(root, 'assembly'), join(copy, 'assembly'));
});
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const allot = (...args: string[]) =>
  execFileSync(process.execPath, [join(copy, 'src/cli/allot.mjs'), ...args], { encoding: 'utf8', timeout: 60_000 });
const builds = () => readdirSync(join(copy, 'build')).filter((name) => name.startsWith('cli-'));

describe('the bundled command line', () => {
  test('is built on first use, reused, rebuilt after an edit, and runs the engine and its threads', () => {
    expect(allot('--help')).toMatch(/^allot: restless-bandit allocation policies/);
    const [first] = builds();
    expect(builds()).toEqual([first]);
    expect(readdirSync(join(copy, 'build', first)).sort()).toEqual(['allot.mjs', 'engine-thread.mjs']);
    allot('--help');
    expect(builds()).toEqual([first]);

    const main = join(copy, 'src/cli/main.ts');
    writeFileSync(
      main,
      readFileSync(main, 'utf8').replace('allot: restless-bandit', 'allot (edited): restless-bandit'),
    );
    expect(allot('--help')).toMatch(/^allot \(edited\): restless-bandit/);
    expect(builds()).toHaveLength(2);

    // the WASM (found from the bundle's directory) in this thread and in two engine threads: the same sums
    const run = (workers: string) =>
      JSON.parse(
        allot('simulate', '--population', 'dlm', '--trials', '4', '--seed', '1', '--workers', workers, '--json'),
      );
    const one = run('1'),
      two = run('2');
    expect(two.workers).toBe(2);
    expect([two.reward_mean, two.engaged_sum, two.pulled_id_sum]).toEqual([
      one.reward_mean,
      one.engaged_sum,
      one.pulled_id_sum,
    ]);
  }, 120_000);

  test('runs through tsx when the bundle cannot be written', () => {
    rmSync(join(copy, 'build'), { recursive: true, force: true });
    writeFileSync(join(copy, 'build'), 'a file where the bundles would go');
    expect(allot('--help')).toMatch(/restless-bandit allocation policies/);
    rmSync(join(copy, 'build'));
  }, 60_000);
});
