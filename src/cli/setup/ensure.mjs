#!/usr/bin/env node
// Gets a fresh clone ready, using Node's built-ins only (it runs before dependencies exist):
//   - installs the locked dependencies (npm ci) when node_modules is missing or older than the lock file;
//   - builds the WASM (release and debug) when a build is missing or older than its sources;
//   - with --browser, finds Chromium for the end-to-end tests: $CHROMIUM_PATH or /usr/bin/chromium,
//     installing Debian's `chromium` package when running as root on Debian, never downloading a browser;
//     prints its version, with a one-line warning when it is not the version the README says the suite
//     was last run on (Debian's package moves: a layout can change with it).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const flags = new Set(process.argv.slice(2));
const quiet = flags.has('--quiet');

const say = (text) => process.stderr.write(`[setup] ${text}\n`);
const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : -Infinity);
const run = (cmd, args, env = {}) =>
  execFileSync(cmd, args, {
    cwd: root,
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
    env: { ...process.env, ...env },
  });

function newestIn(dir, pattern) {
  let newest = -Infinity;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'build') newest = Math.max(newest, newestIn(path, pattern));
    else if (pattern.test(entry.name)) newest = Math.max(newest, mtime(path));
  }
  return newest;
}

// 1. Dependencies.
const installed = join(root, 'node_modules', '.package-lock.json');
if (mtime(installed) < mtime(join(root, 'package-lock.json'))) {
  say('installing dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

// 2. WASM builds.
const sources = Math.max(newestIn(join(root, 'assembly'), /\.ts$/), mtime(join(root, 'asconfig.json')));
const stale = ['release', 'debug'].some((v) => mtime(join(root, 'assembly', 'build', `${v}.wasm`)) < sources);
if (stale) {
  if (!quiet) say('building the WASM core (asc)');
  run('npm', ['run', '-s', 'build:wasm']);
}

// 3. Chromium for the browser tests.
if (flags.has('--browser')) {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (!existsSync(wanted)) {
    const debianRoot = process.getuid?.() === 0 && existsSync('/etc/debian_version') && !process.env.CHROMIUM_PATH;
    if (!debianRoot) {
      say(`Chromium is needed for the browser tests and was not found at ${wanted}.`);
      say(
        "Install Debian's package (sudo apt-get install chromium), or set CHROMIUM_PATH to a Chromium or " +
          'Chrome binary.',
      );
      process.exit(1);
    }
    say("installing Debian's chromium package for the browser tests");
    run('apt-get', ['update', '-qq']);
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], {
      DEBIAN_FRONTEND: 'noninteractive',
    });
  }
  const version = chromiumVersion(wanted);
  const tested = /last run on:? Chromium (\d+(?:\.\d+){3})/.exec(readFileSync(join(root, 'README.md'), 'utf8'))?.[1];
  say(`browser tests run on Chromium ${version ?? '(version unknown)'} at ${wanted}`);
  if (version && tested && version !== tested) {
    say(
      `warning: Chromium ${version} is ${compareVersions(version, tested) < 0 ? 'older' : 'newer'} than ${tested}, ` +
        `the version the README says the suite was last run on`,
    );
  }
}

/** "156.0.8078.108" from `chromium --version` (Debian's wrapper script also prints a shell warning on stderr). */
function chromiumVersion(path) {
  try {
    const text = execFileSync(path, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return /(\d+(?:\.\d+){3})/.exec(text)?.[1];
  } catch {
    return undefined;
  }
}

function compareVersions(a, b) {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 4; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}
