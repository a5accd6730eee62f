import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import type { FeatureSchema } from '../../../../src/core/instance/types.ts';
import { clauseSplitPrompt } from '../../../../src/core/prompts/clause-split-prompt.ts';
import {
  dlmGenerationPrompt,
  multilingualGenerationPrompt,
} from '../../../../src/core/prompts/dlm-generation-prompt.ts';
import { dlmReflectionPrompt, INDEX_SENTENCE } from '../../../../src/core/prompts/dlm-reflection-prompt.ts';
import { featureList } from '../../../../src/core/prompts/feature-list.ts';
import { canonicalJson, requestHash } from '../../../../src/core/prompts/request-hash.ts';
import { rewritePrompt } from '../../../../src/core/prompts/rewrite-prompt.ts';
import { sclmScorerPrompt } from '../../../../src/core/prompts/sclm-scorer-prompt.ts';
import { sha256Hex } from '../../../../src/core/prompts/sha256.ts';

const HIDDEN = [0, 1, 2, 3, 4, 5, 6];
const GOAL = 'While still prioritizing all, slightly focus on the oldest by age distribution.';
const paper = readFileSync('/work/shared/papers/dlm-neurips.txt', 'utf8');
/** Appendix I's sample prompt, whitespace-collapsed. */
const appendixI = paper.slice(
  paper.indexOf('Create a Python reward function for RL in phone call'),
  paper.indexOf('Appendix J Prompts and Base Reward Functions'),
);
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

describe('sha256Hex', () => {
  test('matches the FIPS 180-4 test vectors, including the empty string and a two-block message', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
  });

  test('hashes the UTF-8 bytes of non-ASCII text and messages at the padding boundaries as node:crypto does', () => {
    for (const text of ['é', '😀 emoji', 'थोड़ा सा', 'x'.repeat(55), 'y'.repeat(56), 'z'.repeat(1000)]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });
});

describe('requestHash', () => {
  test('is the same for equal requests whatever the key order, and ignores undefined members', () => {
    expect(requestHash('openai', 'm', { prompt: 'p', temperature: 0.5 })).toBe(
      requestHash('openai', 'm', { temperature: 0.5, prompt: 'p', system: undefined }),
    );
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe('{"a":[{"c":3,"d":2}],"b":1}');
  });

  test('differs when the provider, the model, the prompt or the sampling differs', () => {
    const base = requestHash('openai', 'm', { prompt: 'p' });
    expect(
      new Set([
        base,
        requestHash('gemini', 'm', { prompt: 'p' }),
        requestHash('openai', 'n', { prompt: 'p' }),
        requestHash('openai', 'm', { prompt: 'q' }),
        requestHash('openai', 'm', { prompt: 'p', temperature: 1 }),
      ]).size,
    ).toBe(5);
  });
});

describe('the DLM generation prompt', () => {
  const { prompt, reply } = dlmGenerationPrompt({ goal: GOAL, schema: dlmSchema(), hidden: HIDDEN });

  test(
    "reproduces DLM appendix I's sample prompt for the 43-feature schema, word for word except the " +
      "explanation's target",
    () => {
      // The paper's sample asks how the function "prioritizes the specified age group" (task-specific);
      // allot asks about "the specified groups" for every task.
      const expected = squash(appendixI).replace('the specified age group', 'the specified groups');
      expect(squash(prompt)).toBe(expected);
    },
  );

  test('lists every visible feature with its index and type, and hides the hidden ones', () => {
    expect(prompt).toContain('7. Ages 10-20 - Binary');
    expect(prompt).toContain('42. Income bracket 7 (e.g., 30000-999999) - Binary');
    expect(prompt).not.toContain('Gestational age');
    expect(prompt).toContain('agent_feats (length 43 array)');
    expect(reply?.name).toBe('reward_function');
  });

  test('appends the best previous attempts between $$$ delimiters', () => {
    const { prompt: withHistory } = dlmGenerationPrompt({
      goal: GOAL,
      schema: dlmSchema(),
      hidden: HIDDEN,
      previousAttempts: ['state * agent_feats[11]', 'state + state * agent_feats[10]'],
    });
    expect(
      withHistory.endsWith(
        'Here are your best previous attempts:\n$$$ state * agent_feats[11] $$$\n$$$ state + state * ' +
          'agent_feats[10] $$$',
      ),
    ).toBe(true);
  });

  test('passes a goal in any language through unchanged', () => {
    const goal = 'थोड़ा सा बड़ी उम्र की, कम आय वाली माताओं को प्राथमिकता दें';
    expect(dlmGenerationPrompt({ goal, schema: dlmSchema() }).prompt).toContain(`higher states and: ${goal}. `);
  });

  test('builds its worked example from another schema, and omits it when the schema has no two ordered groups', () => {
    const schema: FeatureSchema = {
      columns: [
        { name: 'young', label: 'Young', description: '', type: 'binary', group: 'Age' },
        { name: 'old', label: 'Old', description: '', type: 'binary', group: 'Age' },
        { name: 'poor', label: 'Poor', description: '', type: 'binary', group: 'Wealth' },
        { name: 'rich', label: 'Rich', description: '', type: 'binary', group: 'Wealth' },
        { name: 'km', label: 'Distance to clinic', description: '', type: 'continuous', group: null },
      ],
      groups: [
        { name: 'Age', kind: 'one-hot', columns: [0, 1], ordered: true, buckets: ['Young', 'Old'] },
        { name: 'Wealth', kind: 'one-hot', columns: [2, 3], ordered: true, buckets: ['Poor', 'Rich'] },
      ],
    };
    const { prompt: p } = dlmGenerationPrompt({ goal: 'x', schema, numStates: 3 });
    expect(p).toContain('state (value is one of 0,1,2) and features agent_feats (length 5 array)');
    expect(p).toContain('4. Distance to clinic - Continuous');
    expect(p).toContain('$$$ state * 0.1 + 2 * state * (agent_feats[1] and agent_feats[3]) $$$');
    const flat = dlmGenerationPrompt({ goal: 'x', schema: { columns: schema.columns, groups: [] } }).prompt;
    expect(flat).not.toContain('Example Prompt');
  });
});

describe("the multilingual study's generation prompt (Table 5)", () => {
  const text = readFileSync('/work/shared/papers/multilingual-dlm.txt', 'utf8');
  const table5 = text.slice(
    text.indexOf('Create a Python reward function for RL in a resource allocation problem'),
    text.indexOf('Table 5: Chain of Thought Prompt'),
  );
  /**
   * The study's 34 features, read from the table itself: Ages 0-4, Languages 5-9, Education 10-16, Phone owner 17-19,
   * call times 20-25, Income 26-33.
   */
  function studySchema(): FeatureSchema {
    const labels = [...table5.matchAll(/(\d+)\. ([^\n]+?)(?=\s+\d+\. |\n|$)/g)]
      .filter(([, i]) => Number(i) < 34)
      .map(([, , label]) => label.trim());
    const spans: [string, boolean, number, number][] = [
      ['Ages', true, 0, 5],
      ['Languages', false, 5, 10],
      ['Education', true, 10, 17],
      ['Phone owner', false, 17, 20],
      ['Call slot', true, 20, 26],
      ['Income', true, 26, 34],
    ];
    const columns = labels.slice(0, 34).map((label, i) => ({
      name: `f${i}`,
      label,
      description: label,
      type: 'binary' as const,
      group: spans.find(([, , a, b]) => i >= a && i < b)![0],
    }));
    const groups = spans.map(([name, ordered, a, b]) => ({
      name,
      kind: 'one-hot' as const,
      ordered,
      columns: Array.from({ length: b - a }, (_, k) => a + k),
      buckets: labels.slice(a, b),
    }));
    return { columns, groups };
  }

  test("reproduces Table 5 word for word for the study's 34 features", () => {
    const schema = studySchema();
    expect(schema.columns.map((c) => c.label).slice(4, 7)).toEqual(['Ages 51-60', 'Speaks Hindi', 'Speaks Marathi']);
    const goal = 'While still prioritizing all, slightly prioritize those who have a low value of age.';
    const { prompt } = multilingualGenerationPrompt({ goal, schema, previousAttempts: ['state * agent_feats[0]'] });
    // The table's "{goal_prompt}.The function" lacks a space after the period: a typesetting slip.
    const expected = squash(table5)
      .replace('{goal_prompt}.The', '{goal_prompt}. The')
      .replaceAll('{goal_prompt}', goal)
      .replace('{reward_history}', () => '$$$ state * agent_feats[0] $$$');
    expect(squash(prompt)).toBe(expected);
  });
});

describe('the DLM reflection prompt', () => {
  const candidates = [
    {
      expression: 'state * agent_feats[11]',
      distribution: [
        {
          category: 'Ages',
          buckets: [
            { label: 'Ages 10-20', percent: 1.3 },
            { label: 'Ages 51-60', percent: 72.234 },
          ],
        },
      ],
    },
    {
      expression: 'state * (agent_feats[10] or agent_feats[11])',
      distribution: [
        {
          category: 'Ages',
          buckets: [
            { label: 'Ages 10-20', percent: 4.45 },
            { label: 'Ages 51-60', percent: 31.65 },
          ],
        },
      ],
    },
  ];
  const { prompt } = dlmReflectionPrompt({ goal: GOAL, schema: dlmSchema(), hidden: HIDDEN, candidates });

  test('shows each candidate by index with its reward and its distribution by category, as in appendix L', () => {
    expect(prompt).toContain(
      "Index 0:\nReward Function: state * agent_feats[11]\nReflection: '\nCategory: Ages\nAges 10-20: 1.30%\nAges " +
        "51-60: 72.23%'",
    );
    expect(prompt).toContain('Index 1:\nReward Function: state * (agent_feats[10] or agent_feats[11])');
    expect(prompt).toContain(
      `My goal was to create a Python reward function for RL in resource allocation, with the objective of: ` +
        `${GOAL} I tried several reward functions`,
    );
  });

  test('ends with the fixed answer sentence', () => {
    expect(INDEX_SENTENCE).toBe('The best reward function is at index: [INDEX]');
    expect(
      prompt.endsWith(
        `Provide your answer EXACTLY IN the following format: 'The best reward function is at index: [INDEX]'.`,
      ),
    ).toBe(true);
  });

  test('refuses an empty candidate list', () => {
    expect(() => dlmReflectionPrompt({ goal: GOAL, schema: dlmSchema(), candidates: [] })).toThrow(
      /at least one candidate/,
    );
  });
});

describe('the SCLM scorer, clause-split and rewrite prompts', () => {
  test('the scorer shows the clause, the candidate and its distribution and asks for a 1-5 Score line', () => {
    const { prompt, reply } = sclmScorerPrompt({
      clause: 'Prioritize older mothers',
      expression: 'state * agent_feats[11]',
      distribution: [{ category: 'Ages', buckets: [{ label: 'Ages 51-60', percent: 50 }] }],
    });
    expect(prompt).toContain('Preference clause: Prioritize older mothers');
    expect(prompt).toContain('Reward function: state * agent_feats[11]');
    expect(prompt).toContain('Ages 51-60: 50.00%');
    expect(prompt).toMatch(/scale from 1 to 5.*Score: \[1-5\]$/s);
    expect(reply?.name).toBe('alignment_score');
  });

  test('the clause split keeps the prompt verbatim and asks for "Clause N:" lines', () => {
    const { prompt } = clauseSplitPrompt('Prioritize older mothers and also low-income ones');
    expect(prompt).toContain('Preference prompt: Prioritize older mothers and also low-income ones');
    expect(prompt).toContain('"Clause N: "');
  });

  test('the rewrite lists every group of the schema with its values', () => {
    const { prompt } = rewritePrompt('Priorisez légèrement les mères âgées', dlmSchema());
    expect(prompt).toContain('Ages: Ages 10-20; Ages 21-30; Ages 31-40; Ages 41-50; Ages 51-60');
    expect(prompt).toContain('Other features: Gestational age at enrolment (integer)');
    expect(prompt).toContain('Preference: Priorisez légèrement les mères âgées');
  });

  test("the feature list replaces hidden features with the paper's single marker line", () => {
    expect(featureList(dlmSchema(), [0, 1]).split('\n').slice(0, 3)).toEqual([
      'Index Name DataType',
      '[sensitive feature hidden]',
      '2. Gravidity - Integer',
    ]);
  });
});
