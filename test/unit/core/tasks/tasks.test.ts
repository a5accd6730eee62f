import { describe, expect, test } from 'vitest';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';
import { IJCAI_FEATURE_NAMES } from '../../../../src/core/tasks/dlm-ijcai-feature-names.ts';
import { DLM_IJCAI_POOL } from '../../../../src/core/tasks/dlm-ijcai-pool.ts';
import { DLM_IJCAI_TASKS } from '../../../../src/core/tasks/dlm-ijcai-tasks.ts';
import { DLM_NEURIPS_TASKS } from '../../../../src/core/tasks/dlm-neurips-tasks.ts';
import { TASK_SETS } from '../../../../src/core/tasks/task-sets.ts';

/** Feature indices an expression reads as agent_feats[i]. */
const indicesOf = (expression: string) => [...expression.matchAll(/agent_feats\[(\d+)\]/g)].map((m) => Number(m[1]));

/** The printed Base rewritten mechanically: no lambda, no trailing comma, feature[a-b] -> agent_feats[a - b]. */
const fromPrinted = (printed: string) =>
  printed
    .replace(/^lambda feature, state: /, '')
    .replace(/,$/, '')
    .replace(
      /feature\[(\d+)(?:-(\d+))?\]/g,
      (_, a: string, b?: string) => `agent_feats[${Number(a) - Number(b ?? 0)}]`,
    );

describe('the built-in task sets', () => {
  test('hold the 16 tasks of DLM Table 3 and the 11 of the IJCAI appendix E, indexed from 0', () => {
    expect(DLM_NEURIPS_TASKS.tasks.map((t) => t.index)).toEqual([...Array(16).keys()]);
    expect(DLM_IJCAI_TASKS.tasks.map((t) => t.index)).toEqual([...Array(11).keys()]);
    expect(TASK_SETS.map((s) => s.id)).toEqual(['dlm-neurips', 'dlm-ijcai']);
  });

  test('have non-empty, trimmed prompts and distinct labels within a set', () => {
    for (const set of TASK_SETS) {
      for (const t of set.tasks) {
        expect(t.prompt.length).toBeGreaterThan(10);
        expect(t.prompt).toBe(t.prompt.trim());
      }
      expect(new Set(set.tasks.map((t) => t.label)).size).toBe(set.tasks.length);
    }
  });

  test("keep the printed NeurIPS prompts, which all start the same way, and the table's labels", () => {
    for (const t of DLM_NEURIPS_TASKS.tasks) expect(t.prompt.startsWith('While still prioritizing all, ')).toBe(true);
    expect(DLM_NEURIPS_TASKS.tasks[15]).toMatchObject({
      label: 'Technically Challenged',
      printedBase: 'lambda feature, state: state * 0.1 + if_(state) * 2.0 * if_(feature[24] or feature[25])',
    });
  });

  test(
    'write every Base reward over the unhidden features 7..42 only, with nothing but state, if_, ' +
      'numbers and logic',
    () => {
      for (const set of TASK_SETS) {
        for (const t of set.tasks) {
          const used = indicesOf(t.base);
          expect(used.length, `${set.id} ${t.index}`).toBeGreaterThan(0);
          for (const i of used) expect(i >= 7 && i <= 42, `${set.id} ${t.index} uses ${i}`).toBe(true);
          const rest = t.base.replace(/agent_feats\[\d+\]/g, '').replace(/\b(state|if_|and|or|not)\b/g, '');
          expect(rest, `${set.id} ${t.index}`).toMatch(/^[\d.\s+*()]*$/);
        }
      }
    },
  );

  test('derive each Base from the printed one mechanically (the IJCAI age-tail Base comes from appendix G)', () => {
    for (const set of TASK_SETS) {
      for (const t of set.tasks) {
        if (set.id === 'dlm-ijcai' && t.index === 3) {
          expect(t.printedBase).toContain('agent_feats.ages_51_to_60 or agent_feats.ages_10_to_20');
          expect(t.base).toBe('state * if_(agent_feats[11] or agent_feats[7])');
          continue;
        }
        expect(fromPrinted(t.printedBase), `${set.id} ${t.index}`).toBe(t.base);
      }
    }
  });

  test(
    'name the same features in the IJCAI and NeurIPS Base of tasks that share a label, except where the IJCAI ' +
      'one adds income',
    () => {
      for (const ijcai of DLM_IJCAI_TASKS.tasks) {
        const neurips = DLM_NEURIPS_TASKS.tasks.find((t) => t.label === ijcai.label);
        expect(neurips, ijcai.label).toBeDefined();
        const a = new Set(indicesOf(ijcai.base));
        const b = new Set(indicesOf(neurips!.base));
        if (ijcai.label === 'Technically Challenged') for (const i of [36, 37]) a.delete(i);
        expect([...a].sort(), ijcai.label).toEqual([...b].sort());
      }
    },
  );

  test('carry the published scores of every task, Base 1 and Random 0 where printed', () => {
    for (const t of DLM_NEURIPS_TASKS.tasks)
      expect(Object.keys(t.published).sort()).toEqual(['default', 'noAction', 'reflection', 'zeroShot']);
    for (const t of DLM_IJCAI_TASKS.tasks) {
      expect(t.published.base?.mnr).toBe(1);
      expect(t.published.random?.mnr).toBe(0);
    }
    expect(DLM_NEURIPS_TASKS.tasks[0].published.default).toEqual({ mnr: 0.41, se: 0.13 });
  });
});

describe('the appendix G example pool', () => {
  const schema = dlmSchema();

  test('maps every entry to an IJCAI task, through its section number, and covers all 11 tasks', () => {
    for (const e of DLM_IJCAI_POOL) {
      expect(e.section).toBe(`G.${e.task + 1}`);
      expect(DLM_IJCAI_TASKS.tasks[e.task]).toBeDefined();
    }
    expect(new Set(DLM_IJCAI_POOL.map((e) => e.task)).size).toBe(11);
    expect(DLM_IJCAI_POOL.length).toBe(100);
  });

  test('has one entry per (section, seed)', () => {
    const keys = DLM_IJCAI_POOL.map((e) => `${e.section}/${e.seed}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('converts the printed feature names to dlm43 indices and nothing else', () => {
    for (const e of DLM_IJCAI_POOL) {
      const converted = e.printed.replace(/agent_feats\.(\w+)/g, (_, name: string) => {
        expect(IJCAI_FEATURE_NAMES[name], `${e.section} seed ${e.seed}: ${name}`).toBeDefined();
        return `agent_feats[${IJCAI_FEATURE_NAMES[name]}]`;
      });
      expect(converted).toBe(e.expression);
      expect(e.expression).not.toMatch(/agent_feats\./);
      for (const i of indicesOf(e.expression)) expect(i).toBeLessThan(schema.columns.length);
    }
  });

  test("names features as the schema's labels mean them", () => {
    const label = (name: string) => schema.columns[IJCAI_FEATURE_NAMES[name]].label;
    expect(label('ages10_to_20')).toBe('Ages 10-20');
    expect(label('age_51_to_60')).toBe('Ages 51-60');
    expect(label('education_level5')).toBe('Education level 5/7 -- 12th Grade Passed');
    expect(label('phone_owner_family')).toBe('Phone owner 2 (e.g., family)');
    expect(label('called1230_to_330')).toBe('To be called from 12:30pm-3:30pm');
    expect(label('to_be_called730pm_930pm')).toBe('To be called from 7:30pm-9:30pm');
    expect(label('no_or_least_income')).toBe('Income bracket -1 (no income)');
    expect(label('highest_income_bracket')).toBe('Income bracket 7 (e.g., 30000-999999)');
    expect(schema.columns[IJCAI_FEATURE_NAMES.days_to_first_call].name).toBe('days_to_first_call');
  });

  test("includes the paper's exact zero-shot Base match for the age-tail task (seeds 2 and 9)", () => {
    const tail = DLM_IJCAI_POOL.filter(
      (e) => e.task === 3 && e.expression === 'state * (agent_feats[7] or agent_feats[11])',
    );
    expect(tail.map((e) => e.seed)).toEqual([2, 9]);
  });
});
