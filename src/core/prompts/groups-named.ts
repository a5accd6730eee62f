// Which feature groups a priority's words name: a group is named when the text mentions its name,
// one of its bucket labels or column names, or a common word for it (older, poorer, educated...).
// SCLM adds "no shift" clauses only on the groups a priority does not name: guarding the very
// feature the priority moves would fight the priority.
import type { FeatureSchema } from '../instance/types.ts';

/** Everyday words for the groups of the built-in populations (by group name, lower case). */
const WORDS: Record<string, string[]> = {
  ages: [
    'age',
    'aged',
    'old',
    'older',
    'oldest',
    'young',
    'younger',
    'youngest',
    'elderly',
    'teen',
    'teenage',
    'adolescent',
  ],
  income: [
    'income',
    'poor',
    'poorer',
    'poorest',
    'rich',
    'richer',
    'wealthy',
    'wealth',
    'earning',
    'earnings',
    'salary',
    'money',
  ],
  education: ['education', 'educated', 'literate', 'illiterate', 'literacy', 'school', 'schooling', 'graduate'],
  languages: ['language', 'speak', 'speaks', 'speaking', 'hindi', 'marathi', 'gujarati', 'gujurati', 'kannada'],
  'call slot': ['slot', 'morning', 'evening', 'afternoon', 'time', 'called'],
  'phone owner': ['phone', 'husband', 'owner', 'owns'],
  registration: ['registered', 'registration', 'ngo', 'armman', 'phc'],
};

/** A word of a register's group name ("age_years", "income_band") standing for a built-in group's words. */
const ALIAS: Record<string, string> = {
  age: 'ages',
  ages: 'ages',
  income: 'income',
  education: 'education',
  language: 'languages',
  languages: 'languages',
  slot: 'call slot',
  phone: 'phone owner',
  registration: 'registration',
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const tokens = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length > 1),
  );
const stem = (w: string) => w.replace(/(es|s)$/, '');

/** Names of the groups of `schema` that `text` (words, or a reward expression) names, in schema order. */
export function groupsNamed(text: string, schema: FeatureSchema): string[] {
  const words = tokens(text);
  const stems = new Set([...words].map(stem));
  const lower = text.toLowerCase();
  // a reward names the columns it reads: agent_feats[i] or agent_feats.name
  const read = new Set<number>();
  for (const m of lower.matchAll(/agent_feats\s*\[\s*(\d+)\s*\]/g)) read.add(Number(m[1]));
  for (const m of lower.matchAll(/agent_feats\.([\p{XID_Start}_]\p{XID_Continue}*)/gu)) {
    read.add(schema.columns.findIndex((c) => c.name.toLowerCase() === m[1]));
    for (const g of schema.groups) if (g.text?.name.toLowerCase() === m[1]) g.columns.forEach((c) => read.add(c));
  }
  return schema.groups
    .filter((g) => {
      const name = g.name.toLowerCase();
      if (g.columns.some((c) => read.has(c))) return true;
      if (lower.includes(name) || stems.has(stem(name))) return true;
      if ((WORDS[name] ?? []).some((w) => words.has(w))) return true;
      // a register's own group names ("age_years", "income_band") by their words
      const parts = [...tokens(name)].map((t) => ALIAS[t]).filter((k) => k !== undefined);
      if (parts.some((k) => words.has(k) || WORDS[k].some((w) => words.has(w)))) return true;
      // whole labels only, and not the short generic ones ("low", "high") several groups share
      if (
        g.buckets.some(
          (b) => b.length >= 5 && new RegExp(`(^|[^\\p{L}])${escape(b.toLowerCase())}($|[^\\p{L}])`, 'u').test(lower),
        )
      )
        return true;
      return g.columns.some((c) => {
        const col = schema.columns[c];
        return (
          !!col &&
          (lower.includes(col.name.toLowerCase()) || (col.label.length > 3 && lower.includes(col.label.toLowerCase())))
        );
      });
    })
    .map((g) => g.name);
}

/**
 * The groups an answer about an LLM's reward leads with: those her priority's words name; only when they
 * name none (words the lists above do not know, a script they do not cover) those the reward reads. A group
 * the reward reads that she did not ask for is then a side effect, said under that heading.
 */
export function groupsAsked(priority: string, expression: string, schema: FeatureSchema): string[] {
  const asked = groupsNamed(priority, schema);
  return asked.length ? asked : groupsNamed(expression, schema);
}
