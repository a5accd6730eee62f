// The command line as bundled ES modules (esbuild, which comes with tsx): a command then starts by parsing one
// file instead of tsx loading some 350 TypeScript modules one by one through its loader thread (about 1.5 s of
// CPU). The bundle is rebuilt whenever a file under src/ or package.json differs from what it was built from, so a
// fresh clone and every edit run the current sources with no build step; tsx stays the fallback.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
// Two levels below the root, as src/engine/ is: the engine finds the WASM at ../../assembly/build/ from either.
const BUILD = join(root, 'build');
/**
 * The bundles and their sources. Each is whole (no shared chunks), so a directory never mixes builds; the engine
 * threads' entry keeps its name because thread-pool.ts starts `./engine-thread.mjs` beside its own module.
 */
const ENTRIES = { allot: 'src/cli/main.ts', 'engine-thread': 'src/cli/engine-thread.ts' };
/** A build other than the current one is removed once this old: a command still running from it may start threads. */
const KEEP_MS = 10 * 60 * 1000;

/** The path, time and size of every source file: a new fingerprint for any edit, checkout or added file. */
function fingerprint() {
  const hash = createHash('sha1');
  const add = (path) => {
    const s = statSync(join(root, path));
    hash.update(`${path} ${s.mtimeMs} ${s.size}\n`);
  };
  const walk = (dir) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1)))
      if (e.isDirectory()) walk(`${dir}/${e.name}`);
      else add(`${dir}/${e.name}`);
  };
  walk('src');
  add('package.json');
  return hash.digest('hex').slice(0, 16);
}

/**
 * The URL of the bundled `main.ts`, built first if the sources changed; null if it cannot be built (no esbuild,
 * a read-only install, a source esbuild refuses): the caller then runs the sources through tsx, which reports
 * a broken source in its own words.
 */
export async function bundledMain() {
  try {
    const dir = join(BUILD, `cli-${fingerprint()}`);
    if (!existsSync(join(dir, 'allot.mjs'))) await build(dir);
    return pathToFileURL(join(dir, 'allot.mjs')).href;
  } catch {
    return null;
  }
}

/**
 * Builds into a directory of this process's own, then renames it into place: commands started together (the
 * tests) may each build, and each finds a whole directory or none.
 */
async function build(dir) {
  // esbuild is a dependency of tsx (this package's dependency): resolved from there, where npm put it.
  const esbuild = createRequire(import.meta.resolve('tsx/esm/api'))('esbuild');
  mkdirSync(BUILD, { recursive: true });
  const tmp = join(BUILD, `.tmp-${process.pid}-${Date.now()}`);
  try {
    await esbuild.build({
      absWorkingDir: root,
      entryPoints: ENTRIES,
      outdir: tmp,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // the packages load from node_modules as they do under tsx
      packages: 'external',
      // class and function names stay as written (error names, messages that print them)
      keepNames: true,
      logLevel: 'silent',
    });
    try {
      renameSync(tmp, dir);
    } catch (error) {
      // another command built the same sources first: its directory is as good
      if (!existsSync(join(dir, 'allot.mjs'))) throw error;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    // esbuild's service process would otherwise outlive this command by a moment
    await esbuild.stop();
  }
  prune(dir);
}

/** Removes older builds (and leftovers of interrupted ones) once nothing should be running from them. */
function prune(current) {
  const now = Date.now();
  for (const name of readdirSync(BUILD)) {
    const path = join(BUILD, name);
    if (path === current || !/^(cli-|\.tmp-)/.test(name)) continue;
    try {
      if (now - statSync(path).mtimeMs > KEEP_MS) rmSync(path, { recursive: true, force: true });
    } catch {
      // removed by another command meanwhile
    }
  }
}
