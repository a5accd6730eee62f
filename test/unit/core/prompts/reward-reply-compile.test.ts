// A reward reply and the What-if editor must compile the same text to the same table: whatever the
// reply parser does to the text between $$$ (comments, line breaks, fences) must not change what it
// computes. Multi-line replies with `# comments` lost their next lines before issue 18.
import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { parseRewardReply } from '../../../../src/core/prompts/parse-reply.ts';
import { compileReward } from '../../../../src/core/reward/compile-reward.ts';
import { DLM_TABLE_3, IJCAI_APPENDIX_G, toDlm43Names } from '../../../fixtures/reward-paper-expressions.ts';
import { randomExpression, seededRandom } from '../../../reference/random-reward-expression.ts';

const schema = dlmSchema();
const n = schema.columns.length;
const random = seededRandom(18);
const numArms = 12;
const features = new Float64Array(numArms * n);
for (let arm = 0; arm < numArms; arm++)
  for (let f = 0; f < n; f++)
    features[arm * n + f] = schema.columns[f].type === 'binary' ? (random() < 0.4 ? 1 : 0) : Math.floor(random() * 30);
const population = { numArms, numStates: 2, schema, features };

/** The table of a text typed into What-if, and of the same text as the LLM's reply between $$$. */
function bothWays(text: string) {
  const typed = compileReward(text, population);
  const replied = compileReward(parseRewardReply(`Here it is:\n$$$\n${text}\n$$$\n%%% why %%%`).expression, population);
  return { typed, replied };
}

/** Breaks an expression at its top-level + signs onto lines, each ending in a comment, with `eol` line ends. */
function commented(text: string, eol: string): string {
  return text.replace(/ \+ /g, `  # a comment, with + and ( in it${eol}+ `);
}

describe('a reward reply keeps every line', () => {
  test('a line ending in a # comment keeps the lines after it', () => {
    const text = 'state * (1 + agent_feats[7])  # young mothers\n+ 2 * state * agent_feats[11]  # low income';
    const { typed, replied } = bothWays(text);
    const whole = compileReward('state * (1 + agent_feats[7]) + 2 * state * agent_feats[11]', population);
    if (!typed.ok || !replied.ok || !whole.ok) throw new Error('expected all three to compile');
    expect(replied.table).toEqual(whole.table);
    expect(typed.table).toEqual(whole.table);
    expect(replied.diagnostics.featuresUsed).toEqual([7, 11]);
  });

  test('a bare carriage return ends a comment, as \\n and \\r\\n do (as in Python)', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const { typed, replied } = bothWays(`state * 3  # three${eol}+ agent_feats[11]`);
      if (!typed.ok || !replied.ok) throw new Error(`expected ${JSON.stringify(eol)} to compile`);
      expect(typed.diagnostics.normalized).toBe('state * 3 + agent_feats[11]');
      expect(replied.table).toEqual(typed.table);
    }
  });

  test('a backslash continuation, with any line end, joins the lines in both', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      const { typed, replied } = bothWays(`state * 3 \\${eol}+ agent_feats[11]`);
      if (!typed.ok || !replied.ok) throw new Error(`expected ${JSON.stringify(eol)} to compile`);
      expect(replied.table).toEqual(typed.table);
    }
  });

  const texts = [
    ...DLM_TABLE_3.map((e) => e.text),
    ...IJCAI_APPENDIX_G.map((e) => toDlm43Names(e.repaired ?? e.text)),
    ...Array.from({ length: 300 }, () =>
      randomExpression(random, { features: schema.columns.map((c) => c.name) }, 1 + Math.floor(random() * 4)),
    ),
  ];
  test(
    `${texts.length} expressions (the papers' and random ones), broken into commented lines with \\n, \\r\\n ` +
      `and \\r: the same table typed or replied`,
    () => {
      let compared = 0;
      for (const text of texts) {
        for (const eol of ['\n', '\r\n', '\r']) {
          const { typed, replied } = bothWays(commented(text, eol));
          expect(replied.ok, text).toBe(typed.ok);
          if (typed.ok && replied.ok) {
            expect(Array.from(replied.table), text).toEqual(Array.from(typed.table));
            const plain = compileReward(text, population);
            expect(plain.ok && Array.from(plain.table), text).toEqual(Array.from(typed.table));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(300);
    },
  );
});
