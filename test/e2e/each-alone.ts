// Runs every browser test by itself (`vitest run -t <its name>`), one after the other, and prints
// a line per test: it shows that no test depends on another having run first. Not part of the suite
// (it takes several times as long); run it after changing the e2e fixtures:
//   npx tsx test/e2e/each-alone.ts [file filter]
import { execFileSync, spawnSync } from 'node:child_process';
import { relative } from 'node:path';

const filter = process.argv[2] ?? '';
const listed: { name: string; file: string }[] = JSON.parse(
  execFileSync('npx', ['vitest', 'list', '--project', 'e2e', '--json'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }),
);
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
let failed = 0;
for (const { name, file } of listed.filter((t) => t.file.includes(filter))) {
  const own = name.split(' > ').at(-1)!;
  const started = Date.now();
  const run = spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'e2e', relative(process.cwd(), file), '-t', `${escape(own)}$`],
    { encoding: 'utf8' },
  );
  const summary = /allot: (\d+) passed, (\d+) failed, (\d+) skipped/.exec(run.stdout);
  const ok = run.status === 0 && summary !== null && Number(summary[1]) + Number(summary[3]) >= 1;
  if (!ok) failed++;
  console.log(
    `${ok ? 'alone ok  ' : 'FAILED    '} ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s  ` +
      `${relative(process.cwd(), file)} > ${name}${summary ? ` (${summary[1]} passed, ${summary[3]} skipped)` : ''}`,
  );
  if (!ok)
    console.log(
      run.stdout
        .split('\n')
        .filter((l) => /FAIL|Error|expected/.test(l))
        .slice(0, 8)
        .join('\n'),
    );
}
console.log(`${listed.length} tests listed; ${failed} failed when run alone`);
process.exit(failed ? 1 : 0);
