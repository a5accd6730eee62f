// One short explanation per term the screens use, in plain words first and the definition after:
// what a program manager reads on hover or focus (Term.svelte). The definitions match
// ARCHITECTURE.md and the code they name.
export const GLOSSARY = {
  arm: 'One beneficiary (a mother in the program). Each week she is engaged or not; a call can change her chances.',
  state: 'Where a beneficiary is this week: 1 engaged (listening to the program), 0 not.',
  budget:
    'How many calls the health workers can make each step (week): the B beneficiaries with the highest Whittle ' +
    'index get them.',
  horizon: 'How many steps (weeks) each simulated trial lasts.',
  discount:
    'How much a later week counts against this one (0.9: next week is worth 90% of this week). Values and ' +
    'utilities add up weeks with this weight.',
  trials:
    'How many times the whole horizon is simulated with fresh random draws; results are means over trials, with ' +
    'their uncertainty.',
  'whittle index':
    'How valuable a call is for a beneficiary in her current state: the subsidy at which calling and not calling ' +
    'are equally good. Calls go to the highest indices.',
  reward:
    'What a policy plans for, written over state and agent_feats: the default reward is the state itself ' +
    '(engagement only).',
  engagement: 'Steps spent engaged (state 1), added over beneficiaries: the default reward\u2019s value.',
  EMD:
    'Earth mover\u2019s distance: how far a group\u2019s utility distribution moves from the default ' +
    'policy\u2019s (0 = no shift), summed over ordered buckets.',
  utility:
    'Discounted steps in the engaged state that a policy generates (SCLM\u2019s utility); per bucket, per ' +
    'beneficiary or in total.',
  DP_variance:
    'Demographic-parity variance: how unequal the chance of a call is across a group\u2019s buckets (0 = every ' +
    'bucket equally likely to be called).',
  p:
    'The welfare function\u2019s p: 1 averages the clause scores (utilitarian), 0 multiplies them (Nash), ' +
    '\u2212\u221e takes the worst clause (egalitarian).',
  'regret bound':
    'If each clause score is off by at most \u03b5 (as a fraction), the pick\u2019s welfare is within this share ' +
    'of the truly best candidate\u2019s (SCLM Proposition 1).',
  welfare: 'One number per candidate that combines its clause scores (a p-mean); the highest wins.',
  clause: 'One part of a composite priority ("favour older mothers"), scored separately for every candidate.',
  candidate: 'One reward function the LLM proposed (or you wrote), simulated and scored.',
  // The weekly plan's words.
  cooldown: 'A beneficiary called in the last k weeks is not called again this week (k = 0: no cooldown).',
  'credible interval':
    'Given her history and her group, her chance of staying engaged lies in this range with 90% probability. Few ' +
    'weeks or few calls make it wide.',
  prior:
    'What allot assumes about a beneficiary before her own weeks say more: the rate of her group (or of the whole ' +
    'register), weighted by how much the groups agree.',
  chance:
    'Her chance of being on this week\u2019s list: the share of redraws of her estimated transitions (from their ' +
    'credible ranges) whose list has her. A short or thin history makes it lower.',
  borderline:
    'On the list in 20% to 80% of the redraws: the history cannot tell whether she belongs on it. If a call must be ' +
    'dropped, drop a borderline one.',
  'default rank': 'Her place in the list under the default reward (engagement only, reward = state).',
  reason:
    'Why she is on the list, in one line: her features that moved her against the default reward\u2019s list, or ' +
    'the share minimum that brought her in. The full account names each part of the reward.',
  share: 'Minimum and maximum shares of the calls that go to one group (for example at least 20% to ages 51-60).',
  exclusions: 'Ids that must not be called (opted out, unreachable), one per line or as a CSV with an id column.',
  'prior by group':
    'Which group\u2019s mothers are pooled to guess the chances of a mother with little history: her own ' +
    'group\u2019s ' +
    'rate, or the whole register\u2019s.',
  'posterior draws':
    'How many times allot redraws each mother\u2019s chances within what her history allows, and makes the list ' +
    'again, to count how often she is on it (her chance).',
  posterior: 'Her chances as her history and her group say they are, with the uncertainty that is left.',
  holdout:
    'A random share of mothers called by a comparison rule (at random, the default policy or the program\u2019s ' +
    'own list) instead of this list, at the same rate, so that what the list adds is measured week by week.',
  seed: 'A number that fixes the random draws: the same seed gives the same population, ties and results again.',
  'pareto front':
    'The candidates no other candidate beats on both clauses at once: moving along it, one clause gains only ' +
    'what the other loses.',
  lambda: 'How far the blend goes from the default reward (\u03bb = 0) to the candidate as written (\u03bb = 1).',
  'arms engaged': 'How many beneficiaries are engaged (listening) at that step, on average over the simulated trials.',
  thompson:
    'Thompson sampling: each week the list is made from one redraw of the chances, so that mothers with little ' +
    'history are sometimes tried and learned about.',
  outcomes:
    'A CSV with columns id, called (0/1: was she called this week) and engaged (0/1: was she engaged afterwards).',
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;
