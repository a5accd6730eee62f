// `allot example`: the built-in example's Whittle indices, computed by the WASM engine
// (the same numbers the start page shows).
import { exampleArms } from '../../core/examples/example-arms.ts';
import { loadEngineNode } from '../../engine/load-node.ts';
import type { Command } from '../command.ts';

export const exampleCommand: Command = {
  name: 'example',
  summary: "the built-in example's Whittle indices, computed by the WASM engine",
  usage: '[--json]',
  options: {},
  async run({ options }, io) {
    const { labels, transitions, rewards, discount } = exampleArms();
    const engine = await loadEngineNode();
    const w = engine.whittle2(transitions, rewards, discount);
    const indices = labels.map((_, arm) => [w[arm * 2], w[arm * 2 + 1]]);
    if (options.json) {
      io.stdout.write(
        JSON.stringify({ discount, arms: labels.map((label, arm) => ({ label, indices: indices[arm] })) }) + '\n',
      );
    } else {
      io.stdout.write(`Whittle indices at discount ${discount} (state 0 disengaged, state 1 engaged)\n`);
      for (const [arm, label] of labels.entries()) {
        io.stdout.write(
          `${indices[arm][0].toFixed(6).padStart(10)} ${indices[arm][1].toFixed(6).padStart(10)}  ${label}\n`,
        );
      }
    }
    return 0;
  },
};
