// A week's list on a register with text columns: the reward reads them by name, the list's groups,
// reasons and CSV name them as written (Devanagari, Gujarati, blanks as "not recorded").
import { detailAt } from '../../../../src/core/plan/line-reasons.ts';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../../../src/core/datasets/csv.ts';
import { parseHistoryCsv } from '../../../../src/core/datasets/register-csv.ts';
import { listCsv, listLines } from '../../../../src/core/plan/list-csv.ts';
import { planPosterior } from '../../../../src/core/plan/plan-state.ts';
import { currentWeek } from '../../../../src/core/plan/register.ts';
import { buildWeeklyList } from '../../../../src/core/plan/weekly-list.ts';
import { district, textFeaturesCsv, textHistoryCsv } from '../../../fixtures/text-register.ts';
import { engineWhittle, reasonsOf } from './plan-fixtures.ts';
import { idAt } from '../../../../src/core/plan/packed-ids.ts';

describe('a list on a register with text columns', () => {
  test(
    'a reward favouring पालघर lists its mothers first, and the CSV and reasons name districts ' + 'as written',
    async () => {
      const register = parseHistoryCsv(textHistoryCsv(), textFeaturesCsv(), {
        fileName: 'history.csv',
        featuresFileName: 'features.csv',
      });
      const settings = {
        reward: 'state * (1 + 5 * (agent_feats.district == "पालघर"))',
        budget: 12,
        exclude: [],
        cooldown: 0,
        shares: [],
        seed: 1,
        draws: 0,
        priorGroup: 'district',
        level: 0.9,
      };
      const week = currentWeek(register.history);
      const list = buildWeeklyList(register, settings, week, {
        whittle: await engineWhittle(),
        posterior: planPosterior(register, 'district'),
      });
      const ids = Array.from(list.arms, (arm) => idAt(register.ids, arm));
      // her weight is 6 against 1: the पालघर mothers a call helps come first
      const districts = Array.from(list.arms, (arm) => district(arm));
      const others = districts.findIndex((d) => d !== 'पालघर');
      expect(others === -1 || others >= 6).toBe(true);
      if (others !== -1) expect(districts.slice(others)).not.toContain('पालघर');
      expect(detailAt(list, 0)).toMatch(/district == 'पालघर'.*she district = पालघर/);
      // the plain reason names her district once, as written
      const moved = reasonsOf(list).filter((r) => r !== 'same place as the default');
      expect(moved.every((r) => /^district पालघर: \d+ places? higher than the default$/.test(r))).toBe(true);
      const csv = parseCsv(listCsv(list, listLines(register, list.arms)));
      const at = csv.header.indexOf('features');
      expect(csv.header.slice(0, 8)).toEqual([
        'id',
        'rank',
        'reason',
        'chance',
        'borderline',
        'index',
        'default_rank',
        'features',
      ]);
      expect(csv.header).toContain('district: पालघर');
      expect(csv.header).toContain('language: ગુજરાતી');
      expect(csv.rows.map((r) => r.fields[0])).toEqual(ids);
      expect(csv.rows[0].fields[at]).toMatch(/^district पालघर · language (ગુજરાતી|मराठी|Hindi) · education /);
      const blank = listLines(register, Int32Array.of(4)).buckets[0];
      expect(blank).toMatch(/^district not recorded · /);
    },
  );
});
