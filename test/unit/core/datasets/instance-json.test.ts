import { describe, expect, test } from 'vitest';
import { findGenerator, GENERATORS } from '../../../../src/core/datasets/generators.ts';
import { instanceToJson, parseInstanceJson } from '../../../../src/core/datasets/instance-json.ts';
import { sampleArms } from '../../../../src/core/instance/sample-arms.ts';

describe('the JSON instance format', () => {
  test('refuses text that is not JSON, naming the line and column', () => {
    expect(() => parseInstanceJson('{\n  "format": "allot-instance",\n  oops\n}', 'pop.json')).toThrow(
      /^pop\.json, line 3, column 3: not valid JSON near "oops"/,
    );
  });

  test('refuses another format, another version, and fields of the wrong type', () => {
    const good = JSON.parse(instanceToJson(findGenerator('sclm')!.generate({ arms: 20 }, 1)));
    const text = (over: object) => JSON.stringify({ ...good, ...over });
    expect(() => parseInstanceJson(text({ format: 'something' }), 'p.json')).toThrow(
      'p.json, line 1, column 11 (format): "format" is "something", not "allot-instance"',
    );
    expect(() => parseInstanceJson(text({ version: 2 }), 'p.json')).toThrow(
      'format version 2 is not supported (this allot reads version 1); it was written by a newer allot',
    );
    expect(() => parseInstanceJson(text({ transitions: [null, ...good.transitions.slice(1)] }), 'p.json')).toThrow(
      /^p\.json, line 1, column \d+ \(transitions\[0\]\): "transitions"\[0\] is null, not a number/,
    );
    expect(() => parseInstanceJson(text({ budget: '3' }), 'p.json')).toThrow('"budget" must be a number');
  });

  test('validates the content like any instance, naming the arm', () => {
    const good = JSON.parse(instanceToJson(findGenerator('sclm')!.generate({ arms: 20 }, 1)));
    good.transitions[8 * 3 + 1] = 2;
    expect(() => parseInstanceJson(JSON.stringify(good), 'p.json')).toThrow(
      new RegExp(
        String.raw`^p\.json, line 1, column \d+ \(transitions\[25\]\): arm "3" \(arm ` +
          String.raw`4\), column "p_0_0_1": 2 is not a probability in \[0, 1\]`,
      ),
    );
  });

  test.each(GENERATORS.map((g) => g.name))('export then import gives an identical %s instance', (name) => {
    const instance = findGenerator(name)!.generate({ arms: 200, budget: 10 }, 9);
    const back = parseInstanceJson(instanceToJson(instance), 'x.json');
    expect(back).toEqual(instance);
    expect(instanceToJson(back)).toBe(instanceToJson(instance));
  });

  test("keeps a sample's provenance and the renormalization warnings through a round trip", () => {
    const sample = sampleArms(findGenerator('dlm')!.generate({ arms: 100 }, 2), 48, 5);
    expect(parseInstanceJson(instanceToJson(sample))).toEqual(sample);
    const raw = JSON.parse(instanceToJson(sample));
    raw.transitions[0] += 5e-7;
    const renormalized = parseInstanceJson(JSON.stringify(raw));
    expect(renormalized.warnings).toHaveLength(1);
    expect(parseInstanceJson(instanceToJson(renormalized))).toEqual(renormalized);
  });
});
