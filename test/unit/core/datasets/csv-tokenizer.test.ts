import { describe, expect, test } from 'vitest';
import { COMMA, CsvTokenizer, SEMICOLON, TAB, type CsvRowSink } from '../../../../src/core/datasets/csv-tokenizer.ts';
import { utf8Bytes, utf8Text } from '../../../../src/core/datasets/utf8.ts';
import { seededRandom } from '../../../../src/core/random/seeded-random.ts';

/** Every record as [line, fields] with the bytes pushed in chunks of the given sizes (cycled). */
function records(
  bytes: Uint8Array,
  sizes: number[],
  delimiter: number | null = null,
): { rows: [number, string[]][]; delimiter: number } {
  const rows: [number, string[]][] = [];
  const sink: CsvRowSink = {
    row: (b, s, e, n, line) => rows.push([line, Array.from({ length: n }, (_, f) => utf8Text(b, s[f], e[f]))]),
  };
  const t = new CsvTokenizer(sink, 'f.csv', delimiter);
  for (let i = 0, k = 0; i < bytes.length; k++) {
    const size = sizes[k % sizes.length];
    t.push(bytes.subarray(i, i + size));
    i += size;
  }
  t.end();
  return { rows, delimiter: t.delimiter! };
}

describe('CsvTokenizer', () => {
  test('gives the same records whatever the chunks, one byte at a time included', () => {
    const text = 'id;"na;me";x\r\n"a""b";"multi\nline";1\r\n\r\nc;ठाणे;"" \r\nd;e;f';
    const whole = records(utf8Bytes(text), [1 << 20]);
    expect(whole.delimiter).toBe(SEMICOLON);
    expect(whole.rows).toEqual([
      [1, ['id', 'na;me', 'x']],
      [2, ['a"b', 'multi\nline', '1']],
      [5, ['c', 'ठाणे', ' ']],
      [6, ['d', 'e', 'f']],
    ]);
    for (const sizes of [[1], [2], [3, 1], [7, 5, 1]]) expect(records(utf8Bytes(text), sizes)).toEqual(whole);
  });

  test('random files read the same in random chunks as in one (seeded)', () => {
    const random = seededRandom(7).next;
    const pieces = ['a', 'ब', ',', '"', '""', '\n', '\r\n', ' ', 'x y', '\r'];
    for (let round = 0; round < 200; round++) {
      let text = '';
      for (let i = 0; i < 60; i++) text += pieces[Math.floor(random() * pieces.length)];
      const bytes = utf8Bytes(text);
      let whole: unknown, error: unknown;
      try {
        whole = records(bytes, [1 << 20], COMMA);
      } catch (e) {
        error = (e as Error).message;
      }
      const sizes = Array.from({ length: 5 }, () => 1 + Math.floor(random() * 9));
      if (error) expect(() => records(bytes, sizes, COMMA)).toThrow(error as string);
      else expect(records(bytes, sizes, COMMA)).toEqual(whole);
    }
  });

  test('sniffs tabs and commas; a file of one column is read with commas', () => {
    expect(records(utf8Bytes('id\tweek\n1\t2\n'), [3]).delimiter).toBe(TAB);
    expect(records(utf8Bytes('id,week\n1,2\n'), [3]).delimiter).toBe(COMMA);
    expect(records(utf8Bytes('id\nb1\nb2'), [4])).toEqual({
      rows: [
        [1, ['id']],
        [2, ['b1']],
        [3, ['b2']],
      ],
      delimiter: COMMA,
    });
  });

  test('says where a quoted field opens that never closes', () => {
    expect(() => records(utf8Bytes('id,x\na,"open\nb,c\n'), [2])).toThrow(
      'f.csv, line 2: a quoted field is never closed',
    );
  });
});

describe('utf8Text and utf8Bytes', () => {
  test('round-trip every script and astral characters; invalid bytes become U+FFFD', () => {
    for (const s of ['', 'plain', 'पालघर', 'ठाणे west', '😀 x', 'é'.repeat(5000)]) {
      const b = utf8Bytes(s);
      expect(Buffer.from(b).toString('utf8')).toBe(s);
      expect(utf8Text(b, 0, b.length)).toBe(s);
    }
    expect(utf8Text(new Uint8Array([0x61, 0xff, 0xc3]), 0, 3)).toBe('a\ufffd\ufffd');
  });
});

describe('ContentHasher', () => {
  test('the same bytes in any chunks give the same fingerprint; another byte, another', async () => {
    const { ContentHasher } = await import('../../../../src/core/datasets/content-hash.ts');
    const bytes = utf8Bytes('id,week,state,called\nb1,1,yes,no\nपालघर\n');
    const of = (sizes: number[]) => {
      const h = new ContentHasher();
      for (let i = 0, k = 0; i < bytes.length; i += sizes[k++ % sizes.length])
        h.update(bytes.subarray(i, i + sizes[k % sizes.length]));
      return h.digest();
    };
    const whole = of([bytes.length]);
    for (const sizes of [[1], [3], [5, 2], [7]]) expect(of(sizes)).toBe(whole);
    const other = new ContentHasher();
    other.update(bytes.subarray(0, bytes.length - 1));
    expect(other.digest()).not.toBe(whole);
  });
});
