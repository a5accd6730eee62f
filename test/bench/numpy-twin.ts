// Timing TypeScript or WASM code beside its numpy twin (a Python script in this folder run as a server):
// rounds alternate which side runs first, each side reports wall and CPU time, and the ratio is taken
// within a round (on a shared machine nothing is compared across rounds). Used by estimate-numpy.ts and
// beta-numpy.ts. Python is Debian's (`apt-get install -y python3-numpy`) unless PYTHON names another;
// BLAS is held to one thread, as the TypeScript side runs on one.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { createInterface, type Interface } from 'node:readline';

export const PYTHON = process.env.PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');
const ENV = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

/** Runs a Python script to completion (e.g. a --out check run); throws with its stderr when it fails. */
export function runPython(args: string[]): void {
  const r = spawnSync(PYTHON, args, { env: ENV, encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${PYTHON} ${args.join(' ')} failed:\n${r.stderr || r.error}`);
}

/** A Python twin in --serve mode: one line per command, one JSON line per answer (its first: the versions). */
export class PythonTwin {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: Interface;
  private readonly waiting: ((line: string) => void)[] = [];
  private readonly pending: string[] = [];
  private stderr = '';

  constructor(args: string[]) {
    this.child = spawn(PYTHON, [...args, '--serve'], { env: ENV });
    this.child.stderr.on('data', (d) => (this.stderr += d));
    this.lines = createInterface({ input: this.child.stdout });
    this.lines.on('line', (line) => (this.waiting.length ? this.waiting.shift()!(line) : this.pending.push(line)));
    this.child.on('exit', (code) => {
      for (const w of this.waiting.splice(0))
        w(JSON.stringify({ error: `python exited with ${code}: ${this.stderr}` }));
    });
  }

  private next(): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const take = (line: string) => {
        const x = JSON.parse(line) as Record<string, unknown>;
        return x.error ? reject(new Error(String(x.error))) : resolve(x);
      };
      if (this.pending.length) take(this.pending.shift()!);
      else this.waiting.push(take);
    });
  }

  /** The first line: numpy's and Python's versions. */
  versions(): Promise<Record<string, unknown>> {
    return this.next();
  }

  async run(command = 'run'): Promise<Timing & Record<string, unknown>> {
    this.child.stdin.write(`${command}\n`);
    return (await this.next()) as Timing & Record<string, unknown>;
  }

  close(): void {
    this.child.stdin.end('quit\n');
  }
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Times one synchronous run in this process. */
export function timeHere(run: () => void): Timing {
  const wall = performance.now(),
    cpu = cpuMs();
  run();
  return { wallMs: performance.now() - wall, cpuMs: cpuMs() - cpu };
}

export const load = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(', ');

/** min / median / max, in ms or as ratios. */
export function spread(x: number[], digits = 0): string {
  const s = [...x].sort((a, b) => a - b);
  const f = (v: number) => v.toFixed(digits);
  return `${f(s[0])} / ${f(s[Math.floor(s.length / 2)])} / ${f(s[s.length - 1])}`;
}

/**
 * `rounds` rounds of `ours` and `twin`, alternating which goes first; prints CPU and wall time
 * (min / median / max) of each and the ratio ours / twin within each round, with the load before and after.
 */
export async function interleaved(
  label: string,
  rounds: number,
  ours: () => Timing | Promise<Timing>,
  twin: () => Promise<Timing>,
): Promise<{ ratioCpu: number[]; ratioWall: number[] }> {
  const before = load();
  const a: Timing[] = [],
    b: Timing[] = [];
  for (let r = 0; r < rounds; r++) {
    if (r % 2 === 0) {
      a.push(await ours());
      b.push(await twin());
    } else {
      b.push(await twin());
      a.push(await ours());
    }
  }
  const ratioCpu = a.map((x, i) => x.cpuMs / b[i].cpuMs),
    ratioWall = a.map((x, i) => x.wallMs / b[i].wallMs);
  console.log(`${label} (${rounds} interleaved rounds; load ${before} before, ${load()} after)`);
  console.log(
    `  allot  CPU ms min/median/max ${spread(a.map((x) => x.cpuMs))}, wall ${spread(a.map((x) => x.wallMs))}`,
  );
  console.log(
    `  numpy  CPU ms min/median/max ${spread(b.map((x) => x.cpuMs))}, wall ${spread(b.map((x) => x.wallMs))}`,
  );
  console.log(`  allot / numpy per round: CPU ${spread(ratioCpu, 2)}, wall ${spread(ratioWall, 2)}`);
  return { ratioCpu, ratioWall };
}
