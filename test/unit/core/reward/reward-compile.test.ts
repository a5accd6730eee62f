import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { compileReward, type CompileResult } from '../../../../src/core/reward/compile-reward.ts';
import { MAX_DEPTH } from '../../../../src/core/reward/parse-operand.ts';
import { MAX_LENGTH, parseReward } from '../../../../src/core/reward/parse-reward.ts';
import { randomExpression, seededRandom } from '../../../reference/random-reward-expression.ts';

const schema = dlmSchema();
const n = schema.columns.length;
/** Three arms: aged 51-60 (feature 11), aged 10-20 (7) with 12 days to the first call, and a continuous-free blank. */
const features = new Float64Array(3 * n);
features[11] = 1;
features[n + 7] = 1;
features[n + 6] = 12;
const population = { numArms: 3, numStates: 2, schema, features };

const compile = (text: string, pop = population): CompileResult => compileReward(text, pop);
/** The reward of arm 0 in state 0 (the expressions below do not read state unless said). */
function value(text: string): number {
  const result = compile(text);
  if (!result.ok) throw new Error(`${result.error.message}\n${result.error.excerpt}`);
  return result.table[0];
}
function error(text: string, pop = population) {
  const result = compile(text, pop);
  if (result.ok) throw new Error(`${text} compiled`);
  return result.error;
}

describe('Python arithmetic, exactly as CPython computes it (values checked with python3)', () => {
  test.each([
    ['-2**2', -4],
    ['2**-1', 0.5],
    ['2**3**2', 512],
    ['7 // -2', -4],
    ['-7 % 3', 2],
    ['7.5 // 2', 3],
    ['-7.5 % 2', 0.5],
    ['3 % -2.0', -1],
    ['1/3', 0.3333333333333333],
    ['0.1 + 0.2', 0.30000000000000004],
    ['True + True', 2],
    ['2 ** 0.5', 1.4142135623730951],
    ['(-8) ** 3', -512],
    ['4 ** -0.5', 0.5],
    ['1e16 + 1', 1e16],
  ])('%s is %s', (text, expected) => expect(value(text)).toBe(expected));

  test.each([
    ['round(2.5)', 2],
    ['round(3.5)', 4],
    ['round(2.675, 2)', 2.67],
    ['round(-25, -1)', -20],
    ['round(0.5, 0)', 0],
    ['round(1.5e300, -300)', 2e300],
    ['int(-2.7)', -2],
    ['max(1, 2.5, 2)', 2.5],
    ['min(3, 1.0, 1)', 1],
    ['bool(0.0)', 0],
    ['float(True)', 1],
    ['if_(0.0)', 0],
    ['if_(-3)', 1],
    ['abs(-3)', 3],
  ])('the built-in %s is %s', (text, expected) => expect(value(text)).toBe(expected));

  test('integers are exact beyond 2**53 and become floats only when Python converts them, correctly rounded', () => {
    expect(value('2**60 + 1 - 2**60')).toBe(1);
    expect(value('(2**60 + 1) * 1.0')).toBe(1152921504606847000);
    expect(value('10**30 / 7')).toBe(1.4285714285714285e29);
    expect(value('(2**60 + 1) / 3')).toBe(384307168202282300);
    expect(value('(2**53 + 1) + 0.0')).toBe(9007199254740992);
    expect(value('2**53 + 1 > 2.0**53')).toBe(1);
  });

  test('zero keeps its sign where Python gives -0.0, and ints never carry one', () => {
    expect(Object.is(value('0 * -1.0'), -0)).toBe(true);
    expect(Object.is(value('-0.0 // 1'), -0)).toBe(true);
    expect(Object.is(value('-state'), 0)).toBe(true);
    expect(Object.is(value('0 * -1'), 0)).toBe(true);
  });

  test('comparisons chain, and and or return an operand, the conditional picks a branch', () => {
    expect(value('1 < 2 < 3 < 2')).toBe(0);
    expect(value('(1 < 2) < 3 > 2')).toBe(1);
    expect(value('0 or 2.5')).toBe(2.5);
    expect(value('3 and 0.0')).toBe(0);
    expect(value('5 if 0 else 2.5')).toBe(2.5);
    const chain = compile('0 < state <= 1');
    expect(chain.ok && [...chain.table.subarray(0, 2)]).toEqual([0, 1]);
  });

  test('short-circuits and untaken branches are not evaluated, as in Python', () => {
    expect(value('0 and 1/0')).toBe(0);
    expect(value('1 or 1/0')).toBe(1);
    expect(value('2 if 1 else 1/0')).toBe(2);
    expect(value('1 > 2 > 1/0')).toBe(0);
  });
});

describe('the feature vector and state', () => {
  test('state runs over 0..numStates-1 and features are read per arm, by index, negative index or name', () => {
    const result = compile(
      'state * 10 + agent_feats[11] + 2 * agent_feats[-36] + 100 * agent_feats.days_to_first_call',
    );
    expect(result.ok && [...result.table]).toEqual([1, 11, 1202, 1212, 0, 10]);
  });

  test('a lambda names the feature vector and state in either order', () => {
    for (const text of [
      'lambda feature, state: state + feature[11]',
      'lambda state, agent_feats: state + agent_feats.age_51_60',
      'lambda f, state: state + f[-32]',
    ]) {
      const result = compile(text);
      expect(result.ok && [...result.table], text).toEqual([1, 2, 0, 1, 0, 1]);
    }
  });

  test('index expressions are folded, so feature[29-1] is feature 28', () => {
    const parsed = parseReward('agent_feats[29-1] + agent_feats[2**3] + agent_feats[True]', schema);
    expect(parsed.ok && parsed.featuresUsed).toEqual([1, 8, 28]);
  });

  test('binary and integer columns are Python ints, continuous ones Python floats', () => {
    const mixed: FeatureSchema = {
      columns: [
        { name: 'k', label: 'k', description: '', type: 'integer', group: null },
        { name: 'x', label: 'x', description: '', type: 'continuous', group: null },
      ],
      groups: [],
    };
    const pop = { numArms: 1, numStates: 1, schema: mixed, features: Float64Array.from([7, 7]) };
    // 7 // 2 is the int 3 and 3 ** -1 the float 1/3; 7.0 // 2 is 3.0, and 3.0 ** 2 ** 100 overflows where the int does
    // not.
    expect(compile('(agent_feats.k // 2) ** -1', pop)).toMatchObject({ ok: true, table: Float64Array.from([1 / 3]) });
    expect(compile('(agent_feats.k // 2) ** 700 % 10', pop)).toMatchObject({ ok: true, table: Float64Array.from([1]) });
    expect(compile('(agent_feats.x // 2) ** 700 % 10', pop)).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/OverflowError/) },
    });
  });
});

describe('arms with the same used features share one evaluation', () => {
  const one: FeatureSchema = {
    columns: [
      { name: 'x', label: 'x', description: '', type: 'continuous', group: null },
      { name: 'k', label: 'k', description: '', type: 'integer', group: null },
    ],
    groups: [],
  };
  const many = (xs: number[], ks: number[]) => ({
    numArms: xs.length,
    numStates: 2,
    schema: one,
    features: Float64Array.from(xs.flatMap((x, i) => [x, ks[i]])),
  });

  test('repeated rows copy the first one, and 0 and -0 are different rows', () => {
    const result = compile('(state + 1) * agent_feats.x * -1', many([0, 2, -0, 2, 0, -0], [0, 0, 0, 0, 0, 0]));
    expect(result.ok && [...result.table].map((v) => (Object.is(v, -0) ? '-0' : String(v)))).toEqual([
      '-0',
      '-0',
      '-2',
      '-4',
      '0',
      '0',
      '-2',
      '-4',
      '-0',
      '-0',
      '0',
      '0',
    ]);
  });

  test('an error is reported at the first arm that has it, even when later arms repeat it', () => {
    expect(error('state / agent_feats.x', many([1, 0, 1, 0], [5, 5, 5, 5])).message).toMatch(/for arm 1 in state 0/);
  });

  test('1,000 mostly distinct rows give the same table as evaluating every arm', () => {
    const xs = Array.from({ length: 1000 }, (_, i) => (i % 3 === 0 ? 0.5 : i / 7));
    const ks = Array.from({ length: 1000 }, (_, i) => i % 5);
    const result = compile('round(agent_feats.x, 2) * state + agent_feats.k ** 2', many(xs, ks));
    expect(result.ok && [...result.table]).toEqual(
      xs.flatMap((x, i) => [ks[i] ** 2, Math.round(x * 100) / 100 + ks[i] ** 2]),
    );
  });
});

describe('errors are data: a message, a position, a hint and a caret excerpt', () => {
  test('division by zero names the operator, the arm, the state and the features read', () => {
    const e = error('state / agent_feats.age_10_20');
    expect(e.message).toBe('ZeroDivisionError: division by zero for arm 0 in state 0 (agent_feats[7] Ages 10-20 = 0)');
    expect(e.position).toBe(6);
    expect(e.excerpt).toBe('state / agent_feats.age_10_20\n      ^');
    expect(e.hint).toMatch(/guard the divisor/);
  });

  test('a non-finite reward names the arm and state', () => {
    expect(error('1e308 * 10 * (state + 1)').message).toBe('the reward is not finite (inf) for arm 0 in state 0');
    expect(error('10**400 * 1.0').message).toMatch(/^OverflowError: int too large to convert to float for arm 0/);
    expect(error('10.0 ** 400').message).toMatch(/^OverflowError/);
  });

  test("both operands are evaluated before either is converted, as in Python: the right operand's error wins", () => {
    expect(error('2**1024 + 1.0/0').message).toMatch(/^ZeroDivisionError: float division by zero for arm 0/);
    expect(error('2**1024 - 1.0/0').message).toMatch(/^ZeroDivisionError/);
    expect(error('2**1024 * (state / 0)').message).toMatch(/^ZeroDivisionError/);
    expect(error('2**1024 + 1.5').message).toMatch(/^OverflowError: int too large to convert to float/);
  });

  test('a float power far below the float range is 0.0 and far above it an OverflowError, as in CPython', () => {
    const tiny = compile('state + 0.5 ** 1e301');
    expect(tiny.ok && [...tiny.table.subarray(0, 2)]).toEqual([0, 1]);
    expect(error('2.0 ** 1e301').message).toMatch(/^OverflowError: numerical result out of range/);
  });

  test('an unknown feature name lists the closest schema names', () => {
    const e = error('state * agent_feats.age_51_to_60');
    expect(e.message).toBe('unknown feature agent_feats.age_51_to_60');
    expect(e.hint).toBe('closest feature names: age_51_60, age_10_20, age_21_30');
    expect(e.position).toBe(20);
  });

  test('an unknown bare name says what is available, and a bare feature name says how to write it', () => {
    expect(error('HEAVILY_MODIFIER * state').hint).toMatch(
      /the names available are state, agent_feats and the functions if_, max, min, abs, float, int, bool, round/,
    );
    expect(error('income_7 * state').hint).toBe(
      'income_7 is a feature: write agent_feats.income_7 (or agent_feats[42])',
    );
    expect(error('lambda feature, state: agent_feats[3]').hint).toBe(
      'in this expression the feature vector is called feature',
    );
    expect(error('np.log(state)').message).toMatch(/modules and Python internals are not available/);
    expect(error('pow(state, 2)').message).toMatch(/callable functions are if_, max, min/);
  });

  test('an index out of range states the feature count', () => {
    const e = error('agent_feats[43]');
    expect(e.message).toBe('index 43 is out of range: there are 43 features');
    expect(e.hint).toBe('use 0 to 42 (or -43 to -1 from the end)');
    expect(error('agent_feats[-44]').message).toMatch(/there are 43 features/);
    expect(error('agent_feats[1.0]').message).toMatch(/indices must be integers/);
    expect(error('agent_feats[state]').message).toMatch(/the index must be a constant integer/);
  });

  test('syntax that is not in the subset is refused with a hint', () => {
    expect(error('state; 1').message).toMatch(/only one expression/);
    expect(error('x = 1').message).toMatch(/unknown name x/);
    expect(error('state = 1').message).toMatch(/"=" is assignment/);
    expect(error('[state]').message).toMatch(/expected a number, a name or "\("/);
    expect(error('state & 1').message).toMatch(/bitwise operator/);
    expect(error('max(x for x in state)').message).toMatch(/unknown name x|comprehensions/);
    expect(error('state in (1, 2)').message).toMatch(/"in" comparisons are not supported/);
    expect(error('round(state, ndigits=2)').message).toMatch(/keyword arguments/);
    expect(error('max(state)').message).toBe('max() takes at least 2 arguments, given 1');
    expect(error('1j * state').message).toMatch(/complex numbers/);
    expect(error('0123').message).toMatch(/leading zeros/);
    expect(error('state +').message).toBe('expected a number, a name or "(", but the expression ends');
    expect(error('(state').message).toBe('expected ")", but the expression ends');
    expect(error('state)').message).toBe('unmatched ")"');
    expect(error('').message).toBe('the expression is empty');
    expect(error('lambda x: x').message).toMatch(/must take the feature vector and state/);
  });
});

describe('adversarial inputs are refused', () => {
  test.each([
    "__import__('os')",
    '().__class__',
    'agent_feats.constructor',
    'state.__proto__',
    "eval('1')",
    'agent_feats.__proto__',
    'agent_feats["constructor"]',
    'state.constructor.constructor("return process")()',
    'globalThis',
    'this',
    'max.__call__',
    'lambda: 1',
    'agent_feats.toString',
    'agent_feats.hasOwnProperty',
    '(1).__class__.__bases__',
    'print(1)',
    'exec("x")',
    'open("/etc/passwd")',
  ])('%s', (text) => {
    const e = error(text);
    expect(e.message.length).toBeGreaterThan(0);
    expect(e.excerpt).toContain('^');
  });

  test('9**9**9 is refused as too large instead of computed', () => {
    const e = error('9**9**9');
    expect(e.message).toMatch(/9\*\*387420489 is too large \(about 369,693,09\d digits/);
  });

  test(
    '5,000 nested parentheses are refused (too long), and so is nesting past 64 levels within the ' + 'length limit',
    () => {
      expect(error('('.repeat(5000) + '1' + ')'.repeat(5000)).message).toMatch(/at most 2000 are accepted/);
      expect(compile('('.repeat(MAX_DEPTH) + 'state' + ')'.repeat(MAX_DEPTH)).ok).toBe(true);
      const deep = error('('.repeat(MAX_DEPTH + 1) + 'state' + ')'.repeat(MAX_DEPTH + 1));
      expect(deep.message).toBe('the expression nests deeper than 64 levels');
      expect(deep.position).toBe(MAX_DEPTH);
      expect(error('-'.repeat(200) + 'state').message).toMatch(/nests deeper/);
      expect(error('not '.repeat(100) + 'state').message).toMatch(/nests deeper/);
      expect(error('2' + '**2'.repeat(100)).message).toMatch(/nests deeper/);
    },
  );

  test(`the length limit is ${MAX_LENGTH} characters of expression, wrapping excluded`, () => {
    const longest = 'state' + ' + 1'.repeat((MAX_LENGTH - 5) / 4) + ' '.repeat((MAX_LENGTH - 5) % 4);
    expect(longest.trimEnd().length).toBeLessThanOrEqual(MAX_LENGTH);
    expect(compile(`$$$ ${longest.trimEnd()} $$$`).ok).toBe(true);
    expect(error(`${longest.trimEnd()} + 1 + 1`).message).toMatch(/at most 2000/);
  });
});

describe('wrapping, whitespace and comments', () => {
  test.each([
    '$$$ state * 2 $$$',
    '`state * 2`',
    '```python\nstate * 2\n```',
    '```\nstate * 2\n```',
    ' \n $$$ ```py\n state *\n 2 # doubled\n``` $$$ ',
    'state \\\n * 2',
    'state *\n2',
    'lambda agent_feats, state:\n    state * 2',
  ])('%j computes state * 2', (text) => {
    const result = compile(text);
    expect(result.ok && [...result.table.subarray(0, 2)]).toEqual([0, 2]);
  });

  test('a comment ends at \\n, \\r\\n or a bare \\r, and a backslash continues a line with any of them', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      for (const text of [`state  # once${eol}* 2`, `state \\${eol}* 2`]) {
        const result = compile(text);
        expect(result.ok && [...result.table.subarray(0, 2)], JSON.stringify(text)).toEqual([0, 2]);
      }
    }
  });

  test('unwrapping is linear: 200,000 backticks around an expression are removed at once', () => {
    const fence = '`'.repeat(100_000);
    const result = compile(`${fence}state * 2${fence}`);
    expect(result.ok && [...result.table.subarray(0, 2)]).toEqual([0, 2]);
    const fences = '```'.repeat(30_000);
    expect(compile(`${fences}state${fences}`).ok).toBe(true); // 30,000 code fences, as many loops of constant work
  });

  test('positions point into the text as given, wrapping included', () => {
    expect(error('$$$ state / 0 $$$').position).toBe(10);
    expect(error('```python\nstate * agent_feats.nope\n```').excerpt).toBe(
      'state * agent_feats.nope\n                    ^',
    );
  });
});

describe('diagnostics', () => {
  test('features used, monotonicity in state, sign and range', () => {
    const result = compile('state * (agent_feats.age_51_60 or agent_feats.age_10_20) - 0.5 * agent_feats[7]');
    if (!result.ok) throw new Error(result.error.message);
    expect(result.diagnostics).toEqual({
      featuresUsed: [7, 11],
      increasingInState: true,
      strictlyIncreasingArms: 2,
      nonnegative: false,
      range: [-0.5, 1],
      normalized: 'state * (agent_feats[11] or agent_feats[7]) - 0.5 * agent_feats[7]',
    });
    const decreasing = compile('1 - state');
    expect(decreasing.ok && decreasing.diagnostics.increasingInState).toBe(false);
  });

  test.each([
    [
      'lambda feature, state: state*.1+if_(state)*2.0*feature[29-1]',
      'state * 0.1 + if_(state) * 2.0 * agent_feats[28]',
    ],
    ['state * 0.1 + if_(state) * 2.0 * agent_feats.call_1230_1530', 'state * 0.1 + if_(state) * 2.0 * agent_feats[28]'],
    ['((state + 1) + 2)', 'state + 1 + 2'],
    ['state - (1 - 2)', 'state - (1 - 2)'],
    ['0x10 + 1_000 + 1e5 + .5 + 1.', '16 + 1000 + 100000.0 + 0.5 + 1.0'],
    [
      '(-2) ** 2 + -(2 ** 2) + 2 ** -1 + (2 ** 3) ** 2 + 2 ** 3 ** 2',
      '(-2) ** 2 + -2 ** 2 + 2 ** -1 + (2 ** 3) ** 2 + 2 ** 3 ** 2',
    ],
    ['not (state and 1) or (state or (1 or 2))', 'not (state and 1) or state or 1 or 2'],
    ['(1 < 2) < 3 and 1 < 2 < 3', '(1 < 2) < 3 and 1 < 2 < 3'],
    ['(1 if state else 2) if state else 3', '(1 if state else 2) if state else 3'],
    ['1 if state else (2 if state else 3)', '1 if state else 2 if state else 3'],
    ['max(  1,state ,2 )', 'max(1, state, 2)'],
  ])('%s is normalized to %s', (text, normalized) => {
    const result = compile(text);
    expect(result.ok && result.diagnostics.normalized).toBe(normalized);
  });

  test('the normalized form of 2,000 random expressions compiles to the same table and normalizes to itself', () => {
    const random = seededRandom(99);
    let checked = 0;
    for (let i = 0; i < 2000; i++) {
      const text = randomExpression(
        random,
        { features: schema.columns.map((c) => c.name) },
        1 + Math.floor(random() * 5),
      );
      const first = compile(text);
      if (!first.ok) continue;
      const again = compile(first.diagnostics.normalized);
      if (!again.ok) throw new Error(`${text} -> ${first.diagnostics.normalized}: ${again.error.message}`);
      expect(again.diagnostics.normalized).toBe(first.diagnostics.normalized);
      expect(
        [...again.table].every((v, k) => Object.is(v, first.table[k])),
        text,
      ).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThan(1000);
  });
});
