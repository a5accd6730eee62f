import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { parseRegisterCsv } from '../../../../src/core/datasets/register-csv.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { tokenizeReward } from '../../../../src/core/reward/tokenize-reward.ts';
import { RewardFault } from '../../../../src/core/reward/reward-error.ts';
import { compareWithPython } from '../../../reference/compare-with-python.ts';
import { hasPython, pythonOutcomes } from '../../../reference/python-reward.ts';
import { seededRandom } from '../../../reference/random-reward-expression.ts';
import { rowMajor } from '../../../../src/core/instance/feature-table.ts';

// Text in rewards: string literals and text features (a text column of her register), compared with
// == and != exactly as CPython compares str; every other use of text refused with the place and a hint.

// 60 beneficiaries: district of 14 values (two rare ones merged into "other" by default), blanks,
// language in two scripts, age in years.
const DISTRICTS = [...Array.from({ length: 12 }, (_, k) => (k % 2 ? `जिला ${k}` : `District ${k}`))];
const district = (i: number) =>
  i === 3 || i === 9 ? 'Ratnagiri' : i === 15 ? 'Sindhudurg' : i % 11 === 5 ? '' : DISTRICTS[i % 12];
const language = (i: number) => ['मराठी', 'हिन्दी', 'Gujarati'][i % 3];
const N = 60;
const csv = [
  'id,district,language,age_years,state',
  ...Array.from({ length: N }, (_, i) => `b${i},${district(i)},${language(i)},${18 + (i % 23)},${i % 2}`),
].join('\n');
const register = parseRegisterCsv(csv, { fileName: 'register.csv', text: { rareBelow: 3, merge: { district: true } } });
const population = { numArms: N, numStates: 2, schema: register.schema, features: register.features };
const table = (text: string) => {
  const result = compileReward(text, population);
  if (!result.ok) throw new Error(`${result.error.message}\n${result.error.excerpt}`);
  return [...result.table];
};
const error = (text: string) => {
  const result = compileReward(text, population);
  if (result.ok) throw new Error(`${text} compiled`);
  return result.error;
};
/** Per arm, the reward in state 1 (the expressions below give state 0 the same or 0). */
const atState1 = (text: string) => table(text).filter((_, k) => k % 2 === 1);

describe('a text feature is read by name and compared as text', () => {
  test('agent_feats.district == "..." is 1 for the beneficiaries of that district, in any script', () => {
    expect(register.schema.groups.find((g) => g.name === 'district')!.text!.merged).toEqual([
      'Ratnagiri',
      'जिला 3',
      'Sindhudurg',
    ]);
    expect(atState1('state * (agent_feats.district == "जिला 1")')).toEqual(
      Array.from({ length: N }, (_, i) => (district(i) === 'जिला 1' ? 1 : 0)),
    );
    expect(atState1('state * (agent_feats.language != "मराठी")')).toEqual(
      Array.from({ length: N }, (_, i) => (language(i) !== 'मराठी' ? 1 : 0)),
    );
  });

  test("a blank cell is the empty text, and the bucket's own 0/1 column reads the same", () => {
    expect(atState1('state * (agent_feats.district == "")')).toEqual(
      atState1('state * agent_feats.district_not_recorded'),
    );
    expect(atState1('state * agent_feats.district_not_recorded')).toEqual(
      Array.from({ length: N }, (_, i) => (district(i) === '' ? 1 : 0)),
    );
    expect(atState1('state * agent_feats.language_हिन्दी')).toEqual(
      atState1('state * (agent_feats.language == "हिन्दी")'),
    );
  });

  test('text never equals a number, and a value nobody holds is simply never equal, as in Python', () => {
    expect(atState1('agent_feats.district == 0')).toEqual(Array(N).fill(0));
    expect(atState1('agent_feats.district != 0')).toEqual(Array(N).fill(1));
    expect(atState1('agent_feats.language == "Marathi"')).toEqual(Array(N).fill(0));
  });

  test('a merged value is never equal to the others, and comparing with a merged one is refused', () => {
    expect(atState1('agent_feats.district == "other"')).toEqual(Array(N).fill(0));
    const e = error('state * (agent_feats.district == "Ratnagiri")');
    expect(e.message).toBe(
      '"Ratnagiri" is one of the rare values of agent_feats.district merged into "other", so who holds it is not ' +
        'known here',
    );
    expect(e.position).toBe(33);
    expect(error('agent_feats.district == agent_feats.language').message).toMatch(
      /cannot be compared: the rare values of agent_feats.district are merged/,
    );
  });

  test('literals in every Python spelling: quotes, escapes, raw, triple, adjacent', () => {
    for (const spelled of [
      '"जिला 1"',
      "'जिला 1'",
      '"\\u091c\\u093f\\u0932\\u093e 1"',
      'u"जिला" " 1"',
      "'''जिला 1'''",
      'r"जिला 1"',
      '"जिला\\x201"',
    ]) {
      expect(atState1(`agent_feats.district == ${spelled}`), spelled).toEqual(
        atState1('agent_feats.district == "जिला 1"'),
      );
    }
  });

  test("normalized text names the text feature and prints literals as Python's repr", () => {
    const result = compileReward('state*(agent_feats.district=="जिला 1")+(agent_feats.language!=\'x"y\')', population);
    expect(result.ok && result.diagnostics.normalized).toBe(
      "state * (agent_feats.district == 'जिला 1') + (agent_feats.language != 'x\"y')",
    );
    const [d, l] = ['district', 'language'].map(
      (name) => register.schema.groups.find((g) => g.name === name)!.columns.length,
    );
    expect(result.ok && result.diagnostics.featuresUsed.length).toBe(d + l);
  });
});

describe('text anywhere but == and != is refused, with the place and what to write', () => {
  test.each([
    ['agent_feats.district + 1', 'text can only be compared with == or !=', 0],
    ['state * agent_feats.language', 'text can only be compared with == or !=', 8],
    ['not agent_feats.district', 'text can only be compared with == or !=', 4],
    ['max("a", state)', 'text can only be compared with == or !=', 4],
    ['1 if agent_feats.district else 0', 'text can only be compared with == or !=', 5],
    ['agent_feats.district < "b"', 'text cannot be ordered with <', 21],
    ['agent_feats.district', 'the reward is text, not a number', 0],
    ['agent_feats["district"]', 'the index is text; indices must be integers', 12],
    ['b"x" == agent_feats.district', 'bytes literals are not supported', 0],
    ['f"x" == agent_feats.district', 'f-strings are not supported', 0],
    ['"\\N{DEVANAGARI LETTER KA}" == agent_feats.district', 'named escapes \\N{...} are not supported', 1],
    ['"\\ud800" == agent_feats.district', 'surrogate code points are not supported', 1],
    ['"abc == state', 'unterminated string literal', 0],
  ])('%s', (text, message, position) => {
    const e = error(text);
    expect(e.message).toBe(message);
    expect(e.position).toBe(position);
    expect(e.hint.length).toBeGreaterThan(0);
  });

  test('the hint shows a comparison with one of her values', () => {
    expect(error('agent_feats.language * 2').hint).toBe(
      'write agent_feats.language == "मराठी", which is 1 for those beneficiaries and 0 for the others',
    );
  });
});

describe('names in any script, read as Python reads them', () => {
  test(
    'a feature named in Devanagari, and names written in compatibility forms (NFKC), as Python ' + 'normalizes them',
    () => {
      expect(atState1('agent_feats.district_जिला_1')).toEqual(atState1('agent_feats.district == "जिला 1"'));
      expect(atState1('ｓｔａｔｅ * agent_feats.language_Gujarati')).toEqual(
        atState1('state * agent_feats.language_Gujarati'),
      );
      expect(error('1 ｉｆ state else 0').message).toMatch(/written like the keyword if/);
    },
  );
});

/** Python's value of each literal (ast.literal_eval), as JSON, or the exception's name. */
function pythonLiterals(literals: string[]): (string | { error: string })[] {
  const script =
    'import ast, json, sys\nout = []\nfor s in json.load(sys.stdin):\n    try:\n        v = ast.literal_eval(s)\n  ' +
    '      out.append(v if isinstance(v, str) else {"error": "not str"})\n    except Exception as e:\n        ' +
    'out.append({"error": type(e).__name__})\nprint(json.dumps(out))\n';
  const result = spawnSync('python3', ['-c', script], { input: JSON.stringify(literals), maxBuffer: 1 << 26 });
  if (result.status !== 0) throw new Error(String(result.stderr));
  return JSON.parse(String(result.stdout)) as (string | { error: string })[];
}

function ourLiteral(text: string): string | { error: string } {
  try {
    // adjacent literals are one, as in Python ('''a''''' is 'a' then '')
    const tokens = tokenizeReward(text, 0, text.length).slice(0, -1);
    return tokens.every((t) => t.type === 'str')
      ? tokens.map((t) => (t.type === 'str' ? t.value : '')).join('')
      : { error: 'not a literal' };
  } catch (error) {
    if (error instanceof RewardFault) return { error: 'SyntaxError' };
    throw error;
  }
}

const PIECES = [
  'a',
  'ज',
  'ि',
  '😀',
  ' ',
  '\\',
  '\\\\',
  "\\'",
  '\\"',
  '\\n',
  '\\t',
  '\\x41',
  '\\x4',
  '\\u0915',
  '\\U0001F600',
  '\\U00110000',
  '\\101',
  '\\777',
  '\\8',
  '\\q',
  '\\\n',
  '\n',
  '\r\n',
  "'",
  '"',
  '#',
  '\\0',
];

describe.skipIf(!hasPython)('string literals and text comparisons against CPython (python3 found)', () => {
  test('2,000 random literals decode to what CPython decodes them to, and fail where it fails', () => {
    const random = seededRandom(7);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
    const literals = Array.from({ length: 2000 }, () => {
      const q = pick(["'", '"', "'''", '"""']);
      const body = Array.from({ length: Math.floor(random() * 6) }, () => pick(PIECES)).join('');
      return `${pick(['', '', '', 'r', 'u', 'R', 'U'])}${q}${body}${q}`;
    });
    const python = pythonLiterals(literals);
    let agreed = 0,
      failing = 0;
    literals.forEach((literal, k) => {
      const ours = ourLiteral(literal),
        theirs = python[k];
      if (typeof theirs !== 'string') {
        expect(typeof ours, `${JSON.stringify(literal)}: Python ${theirs.error}, allot ${JSON.stringify(ours)}`).toBe(
          'object',
        );
        failing++;
      } else {
        expect(ours, JSON.stringify(literal)).toBe(theirs);
        agreed++;
      }
    });
    console.log(`reward-text literals: ${agreed} decoded alike, ${failing} refused by both`);
    expect(agreed).toBeGreaterThan(800);
  });

  test(
    '1,000 random rewards comparing text compute what CPython computes on her real values (merged ' + 'ones included)',
    () => {
      const random = seededRandom(11);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
      const values = [...DISTRICTS, 'Ratnagiri', 'Sindhudurg', '', 'other', 'मराठी', 'Gujarati', 'x', '5'];
      const spell = (v: string) =>
        pick([JSON.stringify(v), `'${v}'`, `r"${v}"`, `"${v.slice(0, 2)}" "${v.slice(2)}"`, `"""${v}"""`]);
      const atom = () =>
        pick([
          'agent_feats.district',
          'agent_feats.language',
          'agent_feats.language',
          () => spell(pick(values)),
          () => spell(pick(values)),
          '1',
          'state',
          'agent_feats.age_years',
        ]);
      const operand = () => {
        const a = atom();
        return typeof a === 'function' ? a() : a;
      };
      const comparison = () =>
        Array.from({ length: 2 + Math.floor(random() * 2) }, operand).reduce(
          (left, right) => `${left} ${pick(['==', '!='])} ${right}`,
        );
      const numeric = () => pick(['state', '2', '0.5', 'agent_feats.age_years', '(state + 1)']);
      const forms = [
        () => `state * (1 + (${comparison()}))`,
        () => `${numeric()} if ${comparison()} else ${numeric()}`,
        () => `(${comparison()}) and ${numeric()} or ${numeric()}`,
        () => `if_(${comparison()}) * ${numeric()} + state`,
        () => `max(${comparison()}, state) - (${comparison()}) / 2`,
        () => `not (${comparison()})`,
      ];
      const expressions = Array.from({ length: 1000 }, () => pick(forms)());
      const columns = register.schema.columns.map((c): [string, boolean] => [c.name, c.type === 'continuous']);
      const arms = Array.from({ length: N }, (_, arm) =>
        Array.from(rowMajor(register.features).subarray(arm * columns.length, (arm + 1) * columns.length)),
      );
      const texts = {
        district: Array.from({ length: N }, (_, i) => district(i)),
        language: Array.from({ length: N }, (_, i) => language(i)),
      };
      const python = pythonOutcomes(
        columns,
        expressions.map((expr) => ({ expr, arms, states: 2, texts })),
      );
      let equal = 0,
        merged = 0;
      const mismatches: string[] = [];
      expressions.forEach((expr, k) => {
        const result = compileReward(expr, population);
        if (!result.ok && /merged into "other"/.test(result.error.message)) return void merged++;
        const c = compareWithPython(expr, result, python[k], 2);
        mismatches.push(...c.mismatches);
        if (c.verdict === 'equal') equal++;
      });
      console.log(
        `reward-text: ${equal} of ${expressions.length} rewards equal to CPython in every entry, ${merged} refused ` +
          `as asking about a merged value`,
      );
      expect(mismatches.slice(0, 10)).toEqual([]);
      expect(equal).toBeGreaterThan(700);
    },
  );
});
