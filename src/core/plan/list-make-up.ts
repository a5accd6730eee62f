// The make-up of a call list per group, beside the population's and the default list's, and in words:
// "this priority moves 23 of 160 calls to Ages 51-60, mostly from Ages 21-30", the groups the priority
// names (its reward's features, its share rules) first, the other groups after as side effects.
// Computed from counts, never by an LLM.
import type { AnyFeatures } from '../instance/feature-table.ts';
import type { FeatureSchema } from '../instance/types.ts';
import { groupBuckets } from '../measures/group-buckets.ts';
import type { CellArray } from '../instance/occupancy.ts';
import { parseReward } from '../reward/parse-reward.ts';
import { groupsNamed } from '../prompts/groups-named.ts';
import type { ShareSetting } from './plan-settings.ts';
import { bucketName } from '../words/bucket-name.ts';
import { count } from '../words/count.ts';
import { scratch } from './scratch.ts';
import { bucketCodes } from './bucket-codes.ts';

/** Indices of the groups the reward reads or a share rule names, in schema order. */
export function priorityGroups(schema: FeatureSchema, settings: { reward: string; shares: readonly ShareSetting[] }) {
  const parsed = parseReward(settings.reward, schema);
  const named = new Set(settings.shares.map((s) => s.group));
  if (parsed.ok) for (const f of parsed.featuresUsed) if (schema.columns[f]?.group) named.add(schema.columns[f].group!);
  return schema.groups.flatMap((g, gi) => (named.has(g.name) ? [gi] : []));
}

/**
 * Names of the groups her priority names: those the reward reads or a share rule names, and those her
 * words name ("older, low-income": the age and income groups; prompts/groups-named.ts), in schema order.
 */
export function askedGroups(
  schema: FeatureSchema,
  settings: { reward: string; shares: readonly ShareSetting[] },
  words = '',
): string[] {
  const named = new Set([
    ...priorityGroups(schema, settings).map((g) => schema.groups[g].name),
    ...(words ? groupsNamed(words, schema) : []),
  ]);
  return schema.groups.filter((g) => named.has(g.name)).map((g) => g.name);
}

export interface GroupShare {
  group: string;
  bucket: string;
  /** Calls to the bucket in the list, in the default list, and beneficiaries in the bucket. */
  calls: number;
  defaultCalls: number;
  population: number;
  /** The same as shares of the list's calls, of the default list's calls and of the register. */
  shareCalls: number;
  shareDefault: number;
  sharePopulation: number;
}

/**
 * Shares per (group, bucket) of every feature group in the schema. arms and defaultArms are the two
 * lists (arm indices); shares are of each list's length (0 for an empty list).
 */
export function listMakeUp(
  schema: FeatureSchema,
  features: AnyFeatures,
  numArms: number,
  arms: Int32Array,
  defaultArms: Int32Array,
): GroupShare[] {
  const out: GroupShare[] = [];
  const all = groupBuckets(schema, features, numArms);
  const { listed, n } = listedInArmOrder(numArms, arms, defaultArms);
  const { calls, defaults } = callsPerBucket(
    all,
    schema.groups.map((g) => g.buckets.length),
    listed,
    n,
  );
  for (const [gi, g] of schema.groups.entries()) {
    const K = g.buckets.length,
      population = bucketSizes(all[gi], K);
    const share = (x: number, total: number) => (total > 0 ? x / total : 0);
    for (let b = 0; b < K; b++) {
      out.push({
        group: g.name,
        bucket: g.buckets[b],
        calls: calls[gi][b],
        defaultCalls: defaults[gi][b],
        population: population[b],
        shareCalls: share(calls[gi][b], arms.length),
        shareDefault: share(defaults[gi][b], defaultArms.length),
        sharePopulation: share(population[b], numArms),
      });
    }
  }
  return out;
}

/**
 * Per group and bucket the calls of the list and of the default list, from the listed in arm order (listedInArmOrder):
 * the groups of a code (bucket-codes.ts) in one pass. Per code and mark (1: on the list, 2: on the default list, 3: on
 * both) one counter: one increment an arm, no branch on her mark (half of them mispredicted, most of the pass).
 */
function callsPerBucket(all: CellArray[], sizes: number[], listed: Int32Array, n: number) {
  const calls = sizes.map((K) => new Float64Array(K)),
    defaults = sizes.map((K) => new Float64Array(K));
  for (const { groups, radix, code } of bucketCodes(all, sizes)) {
    const size = radix.reduce((x, r) => x * r, 1),
      tally = scratch('make-up-tally', Int32Array, 4 * size, true);
    if (code) {
      for (let j = 0; j < n; j++) {
        const x = listed[j];
        tally[4 * code[x >> 2] + (x & 3)]++;
      }
    } else {
      const bucket = all[groups[0]];
      for (let j = 0; j < n; j++) {
        const x = listed[j];
        tally[4 + 4 * bucket[x >> 2] + (x & 3)]++;
      }
    }
    // each code's counts to its groups' buckets: its digits, the last group's the lowest (0: no bucket)
    for (let c = 0; c < size; c++) {
      const one = tally[4 * c + 1],
        other = tally[4 * c + 2],
        both = tally[4 * c + 3];
      if (one + other + both === 0) continue;
      for (let k = groups.length - 1, rest = c; k >= 0; k--) {
        const digit = rest % radix[k];
        rest = (rest - digit) / radix[k];
        if (digit === 0) continue;
        calls[groups[k]][digit - 1] += one + both;
        defaults[groups[k]][digit - 1] += other + both;
      }
    }
  }
  return { calls, defaults };
}

/**
 * One sentence per feature group whose make-up differs from the default list's, the groups with the
 * most calls moved first: "this priority moves 23 of 160 calls to Ages 51-60, mostly from Ages
 * 21-30"; "the same make-up as the default list" when no group differs. With `named` groups (those the
 * priority names), each of them has the first sentences, changed or not, and every other sentence is
 * labelled "side effect: ".
 */
export function makeUpSentences(shares: GroupShare[], budget: number, named: readonly string[] = []): string[] {
  const byGroup = new Map<string, GroupShare[]>();
  for (const s of shares) byGroup.set(s.group, [...(byGroup.get(s.group) ?? []), s]);
  const moves: { group: string; moved: number; text: string }[] = [];
  for (const [group, rows] of byGroup) {
    const gains = rows
      .filter((r) => r.calls > r.defaultCalls)
      .sort((a, b) => b.calls - b.defaultCalls - (a.calls - a.defaultCalls));
    const losses = rows
      .filter((r) => r.calls < r.defaultCalls)
      .sort((a, b) => a.calls - a.defaultCalls - (b.calls - b.defaultCalls));
    if (gains.length === 0 && losses.length === 0) {
      const text = `this priority calls each bucket of ${group} as often as the default list`;
      if (named.includes(group)) moves.push({ group, moved: 0, text });
      continue;
    }
    const moved = gains.reduce((sum, r) => sum + r.calls - r.defaultCalls, 0);
    const name = (r: GroupShare) => bucketName(group, r.bucket);
    const to = gains.length
      ? `${count(gains[0].calls - gains[0].defaultCalls)} of ${count(budget)} calls to ${name(gains[0])}`
      : '';
    const from = losses.length ? `${gains.length ? 'mostly ' : ''}from ${name(losses[0])}` : '';
    const all = gains.length > 1 ? ` (${count(moved)} calls change ${group} in all)` : '';
    moves.push({ group, moved, text: `this priority moves ${[to, from].filter(Boolean).join(', ')}${all}` });
  }
  if (moves.every((m) => m.moved === 0) && named.length === 0) {
    return ['this priority calls the same make-up of every group as the default list'];
  }
  moves.sort((a, b) => b.moved - a.moved);
  if (named.length === 0) return moves.map((m) => m.text);
  const asked = moves.filter((m) => named.includes(m.group)).map((m) => m.text);
  return [...asked, ...moves.filter((m) => !named.includes(m.group)).map((m) => `side effect: ${m.text}`)];
}

/**
 * The arms on either list in increasing arm order, each as arm * 4 + 1 (on the list) + 2 (on the default list): the
 * groups' bucket arrays are then read in address order, where reading them in list order missed the cache per arm.
 * The lists are marked in a bit per arm (125 KB at 10^6, where a byte per arm, 1 MB, missed the cache at each of the
 * 2 x 10^5 marks) and their arms read off the set bits of each word (a pass over 10^6 bytes before).
 */
function listedInArmOrder(numArms: number, arms: Int32Array, defaultArms: Int32Array) {
  const W = (numArms + 31) >>> 5;
  const onList = scratch('make-up-on-list', Int32Array, W, true),
    onDefault = scratch('make-up-on-default', Int32Array, W, true);
  for (let j = 0; j < arms.length; j++) onList[arms[j] >>> 5] |= 1 << (arms[j] & 31);
  for (let j = 0; j < defaultArms.length; j++) onDefault[defaultArms[j] >>> 5] |= 1 << (defaultArms[j] & 31);
  const listed = scratch('make-up-listed', Int32Array, arms.length + defaultArms.length + 1);
  let n = 0;
  for (let w = 0; w < W; w++) {
    const list = onList[w],
      other = onDefault[w];
    for (let any = list | other; any !== 0;) {
      const low = any & -any,
        bit = 31 - Math.clz32(low);
      listed[n++] = (((w << 5) | bit) << 2) | ((list >>> bit) & 1) | (((other >>> bit) & 1) << 1);
      any ^= low;
    }
  }
  return { listed, n };
}

const sizes = new WeakMap<CellArray, Float64Array>();
/** Beneficiaries per bucket, counted once per bucket array (they do not change week to week). */
function bucketSizes(bucket: CellArray, K: number): Float64Array {
  let out = sizes.get(bucket);
  if (!out) {
    out = new Float64Array(K);
    for (let arm = 0; arm < bucket.length; arm++) if (bucket[arm] >= 0) out[bucket[arm]]++;
    sizes.set(bucket, out);
  }
  return out;
}
