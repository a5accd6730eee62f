// The fault for a name the reward grammar does not know, with the hint that says what to write instead (a
// feature written without its vector, the vector under another name, a module, the state as "s", a close
// spelling). Apart from the parser (parse-operand.ts) because it reads no tokens: it is the longest of the
// parser's messages, given what the parser knows where the name stands.
import { FUNCTION_NAMES } from './reward-ast.ts';
import { closestNames, RewardFault } from './reward-error.ts';

export const FUNCTION_HELP = 'the callable functions are if_, max, min, abs, float, int, bool and round';

/** What the parser knows where the unknown name stands. */
export interface NameContext {
  /** What the feature vector is called in this expression ('' when the lambda has none). */
  featureName: string;
  /** Feature columns by name, to their index. */
  byName: ReadonlyMap<string, number>;
  /** Text groups by name, with their values. */
  textByName: ReadonlyMap<string, { values: (string | null)[] }>;
  columnNames: readonly string[];
  /** Whether "(" follows the name. */
  called: boolean;
}

/** The fault for the unknown name `name` at `pos`. */
export function unknownNameFault(name: string, pos: number, c: NameContext): RewardFault {
  const features = c.featureName ? c.featureName : 'the feature vector';
  const vector = c.featureName || 'agent_feats';
  if (c.byName.has(name))
    return new RewardFault(
      `unknown name ${name}`,
      pos,
      `${name} is a feature: write ${vector}.${name} (or ${vector}[${c.byName.get(name)}])`,
    );
  if (c.textByName.has(name))
    return new RewardFault(
      `unknown name ${name}`,
      pos,
      `${name} is a text feature: write ${vector}.${name} == "${c.textByName.get(name)!.values.find((v) => v) ?? ''}"`,
    );
  if (name === 'agent_feats' || name === 'feature' || name === 'features' || name === 'feats') {
    return new RewardFault(
      `unknown name ${name}`,
      pos,
      c.featureName
        ? `in this expression the feature vector is called ${c.featureName}`
        : 'the lambda has no feature-vector parameter; write lambda agent_feats, state: ...',
    );
  }
  if (name === 's') return new RewardFault('unknown name s', pos, 'the state is called state');
  if (/^(np|numpy|math|torch|pd|os|sys|builtins)$/.test(name) || name.startsWith('__')) {
    return new RewardFault(
      `unknown name ${name}: modules and Python internals are not available`,
      pos,
      `use state, ${features} and ${FUNCTION_HELP}`,
    );
  }
  const candidates = ['state', ...(c.featureName ? [c.featureName] : []), ...FUNCTION_NAMES];
  const schemaNames = [...c.columnNames, ...c.textByName.keys()];
  const close = closestNames(name, [...candidates, ...schemaNames], 3).map((n) =>
    schemaNames.includes(n) && !candidates.includes(n) ? `${vector}.${n}` : n,
  );
  return new RewardFault(
    `unknown name ${name}${c.called ? ` (${FUNCTION_HELP})` : ''}`,
    pos,
    `closest: ${close.join(', ')}; the names available are state, ${features} and the functions ` +
      `${FUNCTION_NAMES.join(', ')}`,
  );
}
