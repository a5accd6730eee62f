import { describe, expect, test } from 'vitest';
import { packIds, unpackIds } from '../../../../src/core/plan/packed-ids.ts';

describe('packed ids', () => {
  test('an empty register packs to nothing and back', () => {
    expect(unpackIds(packIds([]))).toEqual([]);
  });

  test('round-trip exactly, whatever characters the ids hold (commas, newlines, empty, non-ASCII)', () => {
    const ids = ['a', '', 'b,c', 'line\nbreak', 'Ärzt 😀', '42'];
    const packed = packIds(ids);
    expect(packed.text).toBe(ids.join('\n'));
    expect(unpackIds(packed)).toEqual(ids);
  });

  test('keep a word boundary between ids, so an id shaped like a key still looks like one', () => {
    expect(packIds(['a', 'AIzaSyA1234567890abcdefghijklmnopqrstuv']).text).toMatch(/\bAIza/);
  });
});
