// Random reward expressions in allot's Python subset, for property tests and the fuzzer. Children
// are parenthesized only sometimes, so the texts exercise precedence and associativity too.

export interface RandomNames {
  /** Feature names usable as agent_feats.<name>. */
  features: string[];
}

const INTS = [
  '0',
  '1',
  '2',
  '3',
  '5',
  '7',
  '10',
  '12',
  '100',
  '9007199254740993',
  '123456789012345678901234567890',
  '0x1F',
  '1_000',
  '0b101',
  'True',
  'False',
];
const FLOATS = [
  '0.1',
  '0.5',
  '.5',
  '1.5',
  '2.0',
  '1e-3',
  '3.14159',
  '1e300',
  '2.5',
  '0.0',
  '1e16',
  '123.456',
  '1.',
  '7e-320',
  '1e308',
  '0.3',
  '2.675',
];
const EXPONENTS = ['2', '3', '0', '-1', '-2', '0.5', '1.5', '-0.5', 'state', '(state - 1)', '2.0'];

export function randomExpression(random: () => number, names: RandomNames, depth = 4): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
  const paren = (text: string) => (random() < 0.5 ? `(${text})` : text);
  const leaf = (): string => {
    const r = random();
    if (r < 0.25) return pick(INTS);
    if (r < 0.45) return pick(FLOATS);
    if (r < 0.65) return 'state';
    if (r < 0.82) return `agent_feats[${Math.floor(random() * names.features.length * 2) - names.features.length}]`;
    return `agent_feats.${pick(names.features)}`;
  };
  const node = (d: number): string => {
    if (d <= 0 || random() < 0.2) return leaf();
    const sub = () => paren(node(d - 1));
    const r = random();
    if (r < 0.1) return `${pick(['-', '+', 'not '])}${sub()}`;
    if (r < 0.45) return `${sub()} ${pick(['+', '-', '*', '/', '//', '%', '*', '+'])} ${sub()}`;
    if (r < 0.5) return `(${node(d - 1)}) ** ${pick(EXPONENTS)}`;
    if (r < 0.6) {
      const ops = Array.from(
        { length: 1 + Math.floor(random() * 2) },
        () => `${pick(['<', '<=', '>', '>=', '==', '!='])} ${sub()}`,
      );
      return `${sub()} ${ops.join(' ')}`;
    }
    if (r < 0.72) return `${sub()} ${pick(['and', 'or'])} ${sub()}`;
    if (r < 0.8) return `${sub()} if ${sub()} else ${sub()}`;
    const fn = pick(['if_', 'max', 'min', 'abs', 'float', 'int', 'bool', 'round', 'round', 'max']);
    if (fn === 'max' || fn === 'min')
      return `${fn}(${Array.from({ length: 2 + Math.floor(random() * 2) }, () => node(d - 1)).join(', ')})`;
    if (fn === 'round' && random() < 0.6)
      return `round(${node(d - 1)}, ${pick(['0', '1', '2', '3', '-1', '-2', 'True'])})`;
    return `${fn}(${node(d - 1)})`;
  };
  return node(depth);
}

/** A small seeded generator (LCG), uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let x = seed >>> 0;
  return () => (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32;
}
