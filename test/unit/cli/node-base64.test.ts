import { describe, expect, test } from 'vitest';
import { nodeBase64 } from '../../../src/cli/node-base64.ts';
import { jsBase64 } from '../../../src/core/plan/base64.ts';

describe('Node base64 for PLAN.json', () => {
  test('round trips every length, as the plain JavaScript codec writes it', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      const text = nodeBase64.encode(bytes);
      expect(text).toBe(jsBase64.encode(bytes));
      expect(Array.from(nodeBase64.decode(text)!)).toEqual(Array.from(bytes));
    }
  });

  test('refuses what Buffer would quietly skip or take: base64url, spaces, inner padding, other scripts', () => {
    for (const bad of [
      'ab-_',
      'ab c',
      'a=bc',
      'ab==cd==',
      'abc',
      'é123',
      'ab=c',
      '====',
      'AB=A',
      'AAA\nAAAA',
      'ÿ123',
    ]) {
      expect(nodeBase64.decode(bad), bad).toBeNull();
    }
    // a character whose low byte is a letter (U+0141: 0x41, "A"), alone and in a long text
    for (const bad of ['\u0141AAA', 'AAAA'.repeat(1000) + 'AA\u0141A']) {
      expect(nodeBase64.decode(bad), bad).toBeNull();
    }
  });
});
