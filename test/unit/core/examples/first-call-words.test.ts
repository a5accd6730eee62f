import { describe, expect, test } from 'vitest';
import { exampleArms } from '../../../../src/core/examples/example-arms.ts';
import { firstCallWords, type FirstCallArm } from '../../../../src/core/examples/first-call-words.ts';
import { bisectionWhittle2 } from '../../../reference/whittle2.ts';

const arm = (name: string, index: [number, number], engage: [number, number, number, number]): FirstCallArm => ({
  name,
  index,
  engage,
});

describe('firstCallWords', () => {
  test('refuses fewer than two beneficiaries', () => {
    expect(() => firstCallWords([arm('A', [1, 1], [0.1, 0.5, 0.5, 0.9])])).toThrow(/at least two/);
  });

  test('names the highest index first and the lowest last, with her chances in words', () => {
    const lines = firstCallWords([
      arm('mother A', [0.2, 0.1], [0.3, 0.4, 0.8, 0.85]),
      arm('mother B', [0.7, 0.5], [0.1, 0.6, 0.5, 0.9]),
      arm('mother C', [0.05, 0.02], [0.6, 0.65, 0.95, 0.97]),
    ]);
    expect(lines[0]).toBe(
      'Call mother B first, engaged or not: without a call she may well stop engaging (she stays engaged with 50% ' +
        'chance), and a call helps her most (+40 points); once she has dropped out, she is unlikely to come back ' +
        '(10% chance) without a call, and a call helps her most (+50 points).',
    );
    expect(lines[1]).toBe(
      'Call mother C last: she stays engaged on her own (95% chance without a call), and a call adds only 2 points.',
    );
  });

  test(
    'answers per state when the order differs by state, and does not say "most" of someone another ' + 'helps more',
    () => {
      const lines = firstCallWords([
        arm('A', [0.9, 0.1], [0.1, 0.3, 0.5, 0.6]),
        arm('B', [0.2, 0.8], [0.2, 0.7, 0.3, 0.55]),
      ]);
      expect(lines[0]).toMatch(
        new RegExp(
          String.raw`^If every one of them had dropped out, call A first: without a call she ` +
            String.raw`is unlikely to come back \(10% chance\), and a call adds 20 points\.$`,
        ),
      );
      expect(lines[1]).toMatch(
        /^If every one of them were engaged, call B first: .* a call helps her most \(\+25 points\)\.$/,
      );
      expect(lines.slice(2)).toEqual([
        'If every one of them had dropped out, call B last: she is unlikely to engage either way (20% without a ' +
          'call), and a call adds only 50 points.',
        'If every one of them were engaged, call A last: she stays engaged on her own (50% chance without a call), ' +
          'and a call adds only 10 points.',
      ]);
    },
  );

  test(
    'on the built-in example, the first named is the arm with the highest index computed by the ' + 'reference twin',
    () => {
      const { labels, transitions, rewards, discount } = exampleArms();
      const arms = labels.map((label, i) => {
        const t = transitions.subarray(i * 8, i * 8 + 8);
        const engage: [number, number, number, number] = [t[1], t[3], t[5], t[7]];
        const index = bisectionWhittle2(
          [
            [engage[0], engage[1]],
            [engage[2], engage[3]],
          ],
          [rewards[i * 2], rewards[i * 2 + 1]],
          discount,
        );
        return arm(label, index, engage);
      });
      const best = arms.reduce((b, a) => (a.index[1] > b.index[1] ? a : b));
      expect(firstCallWords(arms)[0]).toMatch(new RegExp(`^Call ${best.name.replace(/[()]/g, '\\$&')} first`));
    },
  );
});
