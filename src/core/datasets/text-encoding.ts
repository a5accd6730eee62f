// Which encoding a text file is in, from its first bytes, so that the app and the command line read
// the same file the same way. Spreadsheet programs on Windows save "Unicode text" as UTF-16 (little
// endian, with a byte order mark); read as UTF-8 it is every other character a NUL.

export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be';

/**
 * A byte order mark decides; without one, UTF-16 is recognized by its zero bytes: text that is
 * mostly ASCII has a zero in every odd (LE) or even (BE) byte. Everything else is UTF-8.
 */
export function textEncodingOf(bytes: Uint8Array): TextEncodingName {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  const n = Math.min(bytes.length, 1024) & ~1;
  if (n < 4) return 'utf-8';
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros++;
    if (bytes[i + 1] === 0) oddZeros++;
  }
  const pairs = n / 2;
  if (oddZeros >= 0.9 * pairs && evenZeros === 0) return 'utf-16le';
  if (evenZeros >= 0.9 * pairs && oddZeros === 0) return 'utf-16be';
  return 'utf-8';
}
