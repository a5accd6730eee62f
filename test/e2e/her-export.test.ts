// Her register as her program's system exports it, unedited, on the Plan screen in Chromium (built site,
// real IndexedDB, real WASM): a history under her own column names ("Beneficiary ID", "Listened" and
// "Called" as yes/no, UTF-8 with a byte order mark and CRLF) and her register beside it (tabs, UTF-16,
// id "beneficiary_id", name and phone, a village in Devanagari). The mapping step shows the guesses,
// she carries the village instead of reading it as a feature, the week's list carries name, phone and
// village, and the outcomes of the called mothers only (yes/no) give the next week's list. Both lists
// equal the plan use-case's own in Node on the same bytes and mapping (what `allot plan` runs). A new
// page given the same files opens the mapping step with her choices remembered.
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { parseCsv } from '../../src/core/datasets/csv.ts';
import { inertCell } from '../../src/core/export/spreadsheet-cell.ts';
import { defaultPriorGroup } from '../../src/core/plan/plan-settings.ts';
import { loadEngineNode } from '../../src/engine/load-node.ts';
import { WeeklyPlan } from '../../src/pipeline/plan/weekly-plan.ts';
import { MemoryStore } from '../../src/storage/memory-store.ts';
import {
  calledOnlyOutcomes,
  csvText,
  historyRows,
  MOTHERS,
  registerRows,
  saved,
} from '../fixtures/exports/her-export.ts';
import { useBuiltSite } from './browser.ts';
import { layoutAtBothWidths } from './layout-check.ts';
import { confirmOutcomes, downloadList, idsOf, makeFirstList, uploadOutcomes } from './plan-fixture.ts';
import { ARTIFACTS, openPage } from './run-helpers.ts';

const site = useBuiltSite();
const REWARD = 'state * (1 + agent_feats[1])';
const BUDGET = 10;
const VILLAGES = ['पालघर', 'ठाणे', 'Vasai Road'];

/** Her register with a village column (text, in two scripts) after the phone. */
const register = registerRows().map((r, i) => [...r.slice(0, 3), i === 0 ? 'village' : VILLAGES[i % 3], ...r.slice(3)]);
const historyFile = saved(historyRows(), 'csv-crlf-bom', 'history');
const registerFile = saved(register, 'tabs-utf16le', 'register');
const upload = (f: { name: string; bytes: Uint8Array }) => ({
  name: f.name,
  mimeType: 'text/plain',
  buffer: Buffer.from(f.bytes),
});

/** The Plan screen with her two files chosen and the mapping step open. */
async function chooseFiles(page: Page): Promise<void> {
  await page.goto(`${site.url}#/plan`);
  await page.getByTestId('register-kind-history').check();
  await page.getByTestId('history-file').setInputFiles(upload(historyFile));
  await page.getByTestId('features-file').setInputFiles(upload(registerFile));
  await page.getByTestId('load-register').click();
  await expect.poll(() => page.getByTestId('column-mapping').count(), { timeout: 20_000 }).toBe(1);
}

/** The use chosen for a column in the mapping step (file `i`), and whether it is marked as guessed. */
async function useOf(page: Page, i: number, column: string): Promise<[string, boolean]> {
  const row = page
    .getByTestId('mapping-file')
    .nth(i)
    .locator('tr', { has: page.getByTestId(`use-${column}`) });
  return [await row.getByTestId(`use-${column}`).inputValue(), (await row.locator('.guess').count()) === 1];
}

/** The plan use-case in Node on the same bytes, with the mapping she gave: week 1's list and the next one. */
async function replay(outcomes: (week1: string[]) => string) {
  const engine = await loadEngineNode();
  const store = new MemoryStore();
  const session = new WeeklyPlan(
    async () => (t, r, s, d) => engine.whittleIndices(t, r, s, d).indices,
    async () => store,
  );
  const summary = await session.loadRegister({
    kind: 'file',
    file: new Blob([Buffer.from(historyFile.bytes)]),
    fileName: historyFile.name,
    seed: 0,
    features: {
      file: new Blob([Buffer.from(registerFile.bytes)]),
      fileName: registerFile.name,
      mapping: { carry: ['village'] },
    },
  });
  const meta = { id: 'replay', name: 'replay', createdAt: 0, updatedAt: 0, policy: { kind: 'typed' as const } };
  const settings = {
    reward: REWARD,
    budget: BUDGET,
    exclude: [],
    cooldown: 0,
    shares: [],
    seed: 0,
    draws: 20,
    level: 0.9,
  };
  const first = await session.create({ ...settings, priorGroup: defaultPriorGroup(summary.schema) }, meta);
  expect((await session.previewOutcomes(new Blob([outcomes(first.lines.ids)]), 'week-1.csv')).ok).toBe(true);
  const applied = await session.apply(false, 1);
  if (!applied.ok) throw new Error(applied.errors.join('\n'));
  return { week1: first.lines.ids, week2: applied.view.lines.ids };
}

describe('her export, as it comes', () => {
  test(
    "goes unedited through the mapping step to the week's list and, after the called mothers' " + 'outcomes, the next',
    async () => {
      const { page, problems } = await openPage(site);
      await chooseFiles(page);
      // the guesses, shown: her id names, yes/no states, name and phone carried; the village a feature until she says
      expect(await useOf(page, 0, 'Beneficiary ID')).toEqual(['id', true]);
      expect(await useOf(page, 0, 'Listened')).toEqual(['state', true]);
      expect(await useOf(page, 0, 'Called')).toEqual(['called', true]);
      expect(await useOf(page, 1, 'beneficiary_id')).toEqual(['id', true]);
      expect(await useOf(page, 1, 'phone')).toEqual(['carry', true]);
      expect(await useOf(page, 1, 'village')).toEqual(['feature', false]);
      const described = await page.getByTestId('mapping-file').allTextContents();
      expect(described[0]).toMatch(/UTF-8/);
      expect(described[1]).toMatch(/UTF-16/);
      expect(described[1]).toContain('पालघर');
      expect(await layoutAtBothWidths(page, 'her-export-mapping', ARTIFACTS)).toEqual([]);
      await page.getByTestId('use-village').selectOption('carry');
      expect(await useOf(page, 1, 'village')).toEqual(['carry', false]);
      await page.getByTestId('read-mapped').click();
      await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 60_000 }).toBe(1);
      expect(await page.getByTestId('register-summary').textContent()).toMatch(new RegExp(`${MOTHERS} beneficiaries`));

      const week1 = await makeFirstList(page, REWARD, BUDGET);
      // her carried columns travel into the list on screen and its CSV, in her script
      const csv = parseCsv(await downloadList(page));
      expect(csv.header.slice(0, 4)).toEqual(['id', 'name', 'phone', 'village']);
      for (const row of csv.rows) {
        const i = Number(row.fields[0].slice(3)) - 1000;
        // a phone "+91 ..." is made inert for Excel (spreadsheet-cell.ts), as every text cell of the list is
        expect(row.fields.slice(1, 4)).toEqual([`Mother ${i}`, inertCell(register[i + 1][2]), VILLAGES[(i + 1) % 3]]);
      }
      expect(await page.getByTestId('carried-2').first().textContent()).toBe(csv.rows[0].fields[3]);
      expect(await layoutAtBothWidths(page, 'her-export-list', ARTIFACTS)).toEqual([]);

      // the outcomes of the called mothers only, under her id name, yes/no
      const outcomes = (ids: string[]) => csvText(calledOnlyOutcomes(ids));
      await uploadOutcomes(page, 'week-1.csv', outcomes(week1));
      expect(await page.getByTestId('plan-problems').count()).toBe(0);
      expect(await page.getByTestId('outcomes-unobserved').textContent()).toContain(
        `${MOTHERS - BUDGET} beneficiaries have no outcome`,
      );
      expect(await layoutAtBothWidths(page, 'her-export-outcomes', ARTIFACTS)).toEqual([]);
      await confirmOutcomes(page);
      await expect.poll(() => page.getByTestId('call-row').count(), { timeout: 20_000 }).toBe(BUDGET);
      const week2 = idsOf(await downloadList(page));

      // the same lists as the plan use-case in Node (what `allot plan` runs) on the same bytes
      const node = await replay(outcomes);
      expect(week1).toEqual(node.week1);
      expect(week2).toEqual(node.week2);
      expect(problems).toEqual([]);
      await page.close();
    },
    240_000,
  );

  test('opens the mapping step with her choices remembered for the same register', async () => {
    const { page, problems } = await openPage(site);
    await chooseFiles(page);
    await page.getByTestId('use-village').selectOption('carry');
    await page.getByTestId('read-mapped').click();
    await expect.poll(() => page.getByTestId('register-summary').count(), { timeout: 60_000 }).toBe(1);
    // next month's export of the same register, chosen again on a reloaded page
    await page.reload();
    await chooseFiles(page);
    expect(await page.getByTestId('mapping-file').nth(1).textContent()).toContain('remembered');
    expect(await useOf(page, 1, 'village')).toEqual(['carry', false]);
    expect(await useOf(page, 1, 'beneficiary_id')).toEqual(['id', false]);
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);
});
