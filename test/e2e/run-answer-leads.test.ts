// A DLM run's answer leads with what she asked (issue 25, item 8): on the Results screen, the sentences
// before "Side effects" are about the groups her priority names (older: Ages; low income: Income), and
// the groups she did not name (the call slot, languages) are under "Side effects", never in the headline,
// even when the selected reward reads one of them.
import { describe, expect, test } from 'vitest';
import { useBuiltSite, useFakeProvider } from './browser.ts';
import { finishDlmRun, KEY, openPage, scriptedReplies } from './run-helpers.ts';

// Rewards that favour Ages 51-60 (agent_feats[11]) and Income bracket 1 (agent_feats[36]); the third
// also moves calls by call slot (agent_feats[31]), which she did not ask for.
const REWARDS = [
  'state * (1 + 3 * agent_feats[11])',
  'state * (1 + 2 * agent_feats[36])',
  'state * (1 + agent_feats[11] + agent_feats[36] + agent_feats[31])',
  'state * (1 + 2 * agent_feats[11] + 2 * agent_feats[36])',
];
const PRIORITY = 'Prioritize older mothers with a low income';

const site = useBuiltSite();
const replies = scriptedReplies(REWARDS);
const fake = useFakeProvider({ key: KEY, reply: replies });

describe('a DLM run’s answer in words', () => {
  test('leads with the groups her priority names; the others are side effects', async () => {
    const { page, problems } = await openPage(site);
    await finishDlmRun(page, fake, replies, { priority: PRIORITY, trials: 20 });
    const words = page.getByTestId('results-in-words');
    await expect.poll(() => words.count()).toBe(1);
    const lead = `${await words.getByTestId('verdict').innerText()}\n${await words.locator('ul').first().innerText()}`;
    expect(lead).toMatch(/Ages|Income/);
    expect(lead).not.toMatch(/call slot|To be called|Languages|Speaks|Education|Phone owner|Registration/i);
    const sideEffects = words.getByTestId('side-effects');
    expect(await sideEffects.count()).toBe(1);
    expect(await sideEffects.locator('summary').innerText()).toMatch(/^Side effects/);
    // the selected reward reads the call slot too; its shift is said, as a side effect she did not ask for
    expect(await sideEffects.locator('ul').textContent()).toMatch(/Call slot/); // collapsed: no innerText
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});
