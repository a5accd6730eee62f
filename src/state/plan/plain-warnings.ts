// The estimator's warnings (estimate-transitions.ts words them for statisticians, and the command line
// prints them as they are) said for a program manager: what allot knows little about and what it does
// meanwhile. The technical wording stays available beside each (on hover or focus). A warning this
// module does not know is shown as it is.
export interface PlainWarning {
  plain: string;
  /** The estimator's own words; null when `plain` is them. */
  technical: string | null;
}

const who = (state: string) => (state === 'engaged' ? 'engaged' : 'not engaged');

const RULES: [RegExp, (m: RegExpMatchArray, group: string | null) => string][] = [
  [
    /^the history has (?:no week|too few weeks) that started in state \d+ \(([\w ]+)\) without a call/,
    (m) => `The history has few or no weeks in which a beneficiary who was ${who(m[1])} went without a call, so allot cannot yet tell how such beneficiaries do on their own. Until more weeks come in, it treats every chance as equally likely, and their estimates are rough.`,
  ],
  [
    /^\d+ of \d+ group priors of not-called weeks rest on fewer than (\d+) beneficiaries and use the whole register's prior: (.*)$/,
    (m, group) => {
      // The estimator names a group by its bucket ("<= 25"); a bucket that is only a range gets its group's name ("age <= 25").
      const named = m[2].split(', ').filter((x) => x !== '...').map((x) => x.replace(/ \(from (not engaged|engaged)\)$/, '')).map((b) => (group && !/^\p{L}/u.test(b) ? `${group} ${b}` : b));
      const groups = [...new Set(named)].join(', ') + (m[2].endsWith(', ...') ? ' and others' : '');
      return `Some groups have too few beneficiaries (under ${m[1]}) to learn from on their own: ${groups}. For them, allot uses what it learned from the whole register.`;
    },
  ],
  [
    /^the history has no call from state \d+ \(([\w ]+)\)/,
    (m) => `The history has no calls to beneficiaries who were ${who(m[1])}, so allot cannot yet tell what a call does for them. It assumes a call changes nothing for now, so their priorities are equal and a fixed random draw orders them, until the outcomes of calls are uploaded.`,
  ],
];

/** `group`: the feature group whose buckets have their own priors (the plan's prior group), if any. */
export function plainWarning(technical: string, group: string | null = null): PlainWarning {
  for (const [pattern, say] of RULES) {
    const m = technical.match(pattern);
    if (m) return { plain: say(m, group), technical };
  }
  return { plain: technical, technical: null };
}
