import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { GLOSSARY } from '../../../../src/components/glossary/glossary.ts';
import { SIMPLE_RULES } from '../../../../src/core/plan/rule-descriptors.ts';

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? svelteFiles(join(dir, e.name)) : e.name.endsWith('.svelte') ? [join(dir, e.name)] : [],
  );
}

describe('the glossary', () => {
  test('explains every term the issue names, in one short paragraph each', () => {
    for (const term of [
      'arm',
      'budget',
      'horizon',
      'discount',
      'EMD',
      'utility',
      'DP_variance',
      'p',
      'regret bound',
    ] as const) {
      expect(GLOSSARY[term].length).toBeGreaterThan(20);
      expect(GLOSSARY[term].length).toBeLessThan(240);
    }
  });

  test('every <Term term="..."> on a screen names a glossary entry', () => {
    // the files that use the glossary's Term (every screen, the Plan screens included)
    const files = svelteFiles('src/components').filter((f) =>
      /from '(\.\.\/)+glossary\/Term\.svelte'|from '\.\/glossary\/Term\.svelte'/.test(readFileSync(f, 'utf8')),
    );
    const used = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/<Term\s+term="([^"]+)"/g)].map((m) => m[1]),
    );
    expect(used.length).toBeGreaterThan(8);
    for (const t of used) expect(Object.keys(GLOSSARY)).toContain(t);
  });

  test('every entry is shown somewhere: a <Term> on a screen, a rule field or a title from GLOSSARY', () => {
    const text = svelteFiles('src/components')
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    // the Plan screen draws every rule's field from its row (RuleField.svelte), the label's terms as <Term>s
    const ruleTerms = new Set(
      SIMPLE_RULES.flatMap((r) => r.form?.label ?? []).flatMap((part) => (typeof part === 'string' ? [] : [part.term])),
    );
    const shown = (t: string) =>
      ruleTerms.has(t) ||
      new RegExp(`<Term\\s+term="${t}"`).test(text) ||
      text.includes(`GLOSSARY.${t}`) ||
      text.includes(`GLOSSARY['${t}']`);
    expect(Object.keys(GLOSSARY).filter((t) => !shown(t))).toEqual([]);
  });
});
