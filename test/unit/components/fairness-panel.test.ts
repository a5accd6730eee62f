// The fairness panel rendered on the server (Svelte's SSR) from constructed DP_variance results.
import { render } from 'svelte/server';
import { describe, expect, test } from 'vitest';
import FairnessPanel from '../../../src/components/FairnessPanel.svelte';
import { unfairnessFlags } from '../../../src/core/fairness/unfairness-flags.ts';
import { guessLanguage } from '../../../src/core/language/guess-language.ts';

const group = (name: string, dpVariance: number | null, intended: boolean) => ({
  name,
  buckets: [],
  probability: [],
  arms: [],
  dpVariance,
  intended,
});

describe('FairnessPanel', () => {
  test('lists intended groups first, flags an unintended group above them, and shows the prompt language', () => {
    const groups = [group('Language', 0.02, false), group('Age', 0.01, true), group('Income', null, false)];
    const { body } = render(FairnessPanel, {
      props: {
        groups,
        flags: unfairnessFlags(groups),
        measure: 'arm-steps',
        language: { guess: guessLanguage('कम उम्र की माताओं को प्राथमिकता दें'), rewritten: true },
      },
    });
    const rows = [...body.matchAll(/<th scope="row"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]);
    expect(rows).toEqual(['Age', 'Language', 'Income']);
    expect(body).toContain('Language varies more than the groups the priority names');
    expect(body).toContain(
      'Hindi or Marathi or Nepali (Devanagari script); the generator saw an English rewrite of it',
    );
    expect(body).toContain('1.00e-2');
    expect(body).toContain('–');
  });

  test('raises no flag when the intended group varies most', () => {
    const groups = [group('Age', 0.05, true), group('Language', 0.001, false)];
    const { body } = render(FairnessPanel, {
      props: { groups, flags: unfairnessFlags(groups), measure: 'at-least-once' },
    });
    expect(body).not.toContain('role="alert"');
    expect(body).toContain('arms called at least once');
    expect(body).not.toContain('prompt-language');
  });

  test("takes a stored study outcome's groups as they are, and derives the flags when none are given", () => {
    // CellOutcome.groups: name, dpVariance, intended and probability; no buckets or arm counts.
    const groups = [
      { name: 'Age', dpVariance: 0.004, intended: true, probability: [0.2, 0.1] },
      { name: 'Income', dpVariance: 0.03, intended: false, probability: [0.3, 0.05] },
    ];
    const { body } = render(FairnessPanel, {
      props: {
        groups,
        measure: 'arm-steps',
        language: { guess: guessLanguage('slightly prioritize older mothers'), rewritten: false },
      },
    });
    expect(body).toContain('Income varies more than the groups the priority names');
    expect(body).toContain('Priority written in: English');
  });
});
