import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { DLM_TABLE_3, IJCAI_APPENDIX_G, toDlm43Names } from '../../../fixtures/reward-paper-expressions.ts';
import { randomExpression, seededRandom } from '../../../reference/random-reward-expression.ts';

// The fuzzer: random token soups, random characters and mutations of valid expressions. Every
// input must come back as a finite table or as an error with a message, a position inside the
// text, a hint and a caret excerpt; nothing may throw, hang or touch JavaScript's globals.
// REWARD_FUZZ_COUNT=1000000 npx vitest run test/unit/core/reward/reward-fuzz.test.ts runs more.

const COUNT = Number(process.env.REWARD_FUZZ_COUNT ?? 100_000);
const schema = dlmSchema();
const n = schema.columns.length;
const features = new Float64Array(2 * n);
features[11] = 1;
features[n + 7] = 1;
features[n + 6] = 12;
const population = { numArms: 2, numStates: 2, schema, features };

const TOKENS = [
  'state',
  'agent_feats',
  'feature',
  'lambda',
  'if',
  'else',
  'and',
  'or',
  'not',
  'True',
  'False',
  'None',
  'in',
  'is',
  'for',
  'if_',
  'max',
  'min',
  'abs',
  'float',
  'int',
  'bool',
  'round',
  'eval',
  'exec',
  '__import__',
  'os',
  'constructor',
  '__proto__',
  'prototype',
  'globalThis',
  'window',
  'process',
  'require',
  'this',
  'Function',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '__class__',
  '__bases__',
  '__subclasses__',
  '__builtins__',
  'age_51_60',
  'income_7',
  'days_to_first_call',
  'nan',
  'inf',
  '0',
  '1',
  '2',
  '10',
  '0.5',
  '.1',
  '1e308',
  '1e-320',
  '9**9**9',
  '2**53',
  '0x',
  '0b2',
  '1_',
  '1__0',
  '00',
  '1j',
  '7e',
  '1.e5',
  '+',
  '-',
  '*',
  '/',
  '//',
  '%',
  '**',
  '<',
  '<=',
  '>',
  '>=',
  '==',
  '!=',
  '=',
  '(',
  ')',
  '[',
  ']',
  '.',
  ',',
  ':',
  ';',
  '`',
  '```',
  '$$$',
  '#',
  '\\',
  '\n',
  '\t',
  ' ',
  '"',
  "'",
  '{',
  '}',
  '@',
  '&',
  '|',
  '^',
  '~',
  '!',
  '?',
  'é',
  '\u00a0',
  '\u2028',
  '🙂',
  '"a"',
  "'पालघर'",
  '"\\u0915"',
  'r"\\"',
  'b"x"',
  'f"x"',
  '"""',
  "'''",
  '"\\N{A}"',
  '"\\x4"',
  'ज़िला',
  'agent_feats.ज़िला',
  'ｓｔａｔｅ',
];

const SEEDS = [...DLM_TABLE_3.map((e) => e.text), ...IJCAI_APPENDIX_G.map((e) => toDlm43Names(e.repaired ?? e.text))];

function fuzzInput(random: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const kind = random();
  if (kind < 0.3)
    return Array.from({ length: 1 + Math.floor(random() * 20) }, () => pick(TOKENS)).join(random() < 0.5 ? ' ' : '');
  if (kind < 0.4)
    return Array.from({ length: Math.floor(random() * 40) }, () =>
      String.fromCharCode(random() < 0.9 ? 32 + Math.floor(random() * 95) : Math.floor(random() * 0x3000)),
    ).join('');
  let text =
    random() < 0.5
      ? pick(SEEDS)
      : randomExpression(random, { features: schema.columns.map((c) => c.name) }, 1 + Math.floor(random() * 4));
  if (kind < 0.5) return text;
  for (let m = 1 + Math.floor(random() * 4); m > 0; m--) {
    const at = Math.floor(random() * (text.length + 1));
    const r = random();
    if (r < 0.3) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 5));
    else if (r < 0.6) text = text.slice(0, at) + pick(TOKENS) + text.slice(at);
    else if (r < 0.8)
      text = text.slice(0, at) + text.slice(Math.floor(random() * text.length)).slice(0, 10) + text.slice(at);
    else text = text.slice(0, at) + pick(TOKENS) + text.slice(at + 1);
  }
  return text;
}

const snapshot = () => ({
  globals: Object.getOwnPropertyNames(globalThis).sort().join(),
  object: Object.getOwnPropertyNames(Object.prototype).sort().join(),
  func: Object.getOwnPropertyNames(Function.prototype).sort().join(),
  array: Object.getOwnPropertyNames(Array.prototype).sort().join(),
});

describe('the reward-expression fuzzer', () => {
  test(
    `${COUNT.toLocaleString('en-US')} random and mutated inputs give a finite table or a well-formed error, ` +
      `never a crash, a hang or a global touched`,
    () => {
      const random = seededRandom(4);
      const before = snapshot();
      let ok = 0,
        errors = 0,
        slowest = 0;
      for (let i = 0; i < COUNT; i++) {
        const text = fuzzInput(random);
        const start = performance.now();
        let result;
        try {
          result = compileReward(text, population);
        } catch (error) {
          throw new Error(
            `compileReward threw on ${JSON.stringify(text)}: ${error instanceof Error ? error.stack : String(error)}`,
          );
        }
        slowest = Math.max(slowest, performance.now() - start);
        if (result.ok) {
          ok++;
          if (result.table.length !== 4 || !result.table.every(Number.isFinite))
            throw new Error(`bad table for ${JSON.stringify(text)}`);
        } else {
          errors++;
          const { message, position, hint, excerpt } = result.error;
          if (
            typeof message !== 'string' ||
            !message ||
            typeof hint !== 'string' ||
            !Number.isInteger(position) ||
            position < 0 ||
            position > text.length ||
            !excerpt.includes('^')
          ) {
            throw new Error(`malformed error for ${JSON.stringify(text)}: ${JSON.stringify(result.error)}`);
          }
        }
      }
      console.log(`reward-fuzz: ${COUNT} inputs, ${ok} compiled, ${errors} refused, slowest ${slowest.toFixed(1)} ms`);
      expect(snapshot()).toEqual(before);
      expect(ok).toBeGreaterThan(COUNT / 20); // the fuzzer reaches the evaluator, not only the parser
      expect(slowest).toBeLessThan(2000); // a hang detector, not a speed test
    },
    120_000,
  );

  test('the reward module never evaluates text: no eval, no Function constructor, no dynamic import', () => {
    const dir = new URL('../../../../src/core/reward/', import.meta.url);
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts'))) {
      const source = readFileSync(new URL(file, dir), 'utf8').replace(/\/\/.*$/gm, '');
      expect(source, file).not.toMatch(
        /\beval\s*\(|\bFunction\s*\(|new\s+Function|import\s*\(|setTimeout|globalThis|Reflect\./,
      );
    }
  });
});
