// The words of the Plan screen, each explained once, shown on hover and on keyboard focus.
export const PLAN_TERMS = {
  index: 'Priority index (Whittle index): how much a call to her now is worth under the chosen reward, counting the weeks ahead. The list calls the highest first.',
  budget: 'Budget: how many calls the health workers can make this week.',
  cooldown: 'Cooldown: a beneficiary called in the last k weeks is not called again this week (k = 0: no cooldown).',
  interval: '90% credible interval: given her history and her group, her chance of staying engaged lies in this range with 90% probability. Few weeks or few calls make it wide.',
  uncertain: 'Uncertain: redrawing her transitions from their credible ranges sometimes moves her in or out of this week\'s list.',
  defaultRank: 'Default rank: her place in the list under the default reward (engagement only, reward = state).',
  reason: 'Why: which parts of the chosen reward and which of her features raised or lowered her priority against the default.',
  state: 'State: 1 engaged (she listened to the last messages), 0 not engaged.',
  share: 'Share: minimum and maximum shares of the calls that go to one group (for example at least 20% to ages 51-60).',
  exclusions: 'Exclusions: ids that must not be called (opted out, unreachable), one per line or as a CSV with an id column.',
  outcomes: 'Outcomes: a CSV with columns id, called (0/1: was she called this week) and engaged (0/1: was she engaged afterwards).',
} as const;

export type PlanTerm = keyof typeof PLAN_TERMS;
