import { expect, test } from 'vitest';
import { textEncodingOf } from '../../../../src/core/datasets/text-encoding.ts';

test('the encoding of a text file from its byte order mark, or the zero bytes of UTF-16 without one', () => {
  expect(textEncodingOf(new Uint8Array([0xff, 0xfe, 0x69, 0]))).toBe('utf-16le');
  expect(textEncodingOf(new Uint8Array([0xfe, 0xff, 0, 0x69]))).toBe('utf-16be');
  expect(textEncodingOf(new Uint8Array([0xef, 0xbb, 0xbf, 0x69]))).toBe('utf-8');
  expect(textEncodingOf(new Uint8Array([0x69, 0, 0x64, 0, 0x2c, 0]))).toBe('utf-16le');
  expect(textEncodingOf(new Uint8Array([0, 0x69, 0, 0x64, 0, 0x2c]))).toBe('utf-16be');
  expect(textEncodingOf(new TextEncoder().encode('id,q00\na,0.5\n'))).toBe('utf-8');
  // A binary file with scattered zeros is not UTF-16 (it is then refused for its NUL characters).
  expect(textEncodingOf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toBe('utf-8');
  expect(textEncodingOf(new Uint8Array([]))).toBe('utf-8');
});
