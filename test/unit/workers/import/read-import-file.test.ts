// readImportFile, the import worker's whole job on a File: size first, then encoding, then import.
import { describe, expect, test } from 'vitest';
import { readImportFile } from '../../../../src/workers/import/import-population.ts';

const CSV = 'id,q00,q01,q10,q11,âge\na,0.1,0.3,0.6,0.9,23\nb,0.2,0.4,0.7,0.95,41\n';

function utf16(text: string, littleEndian: boolean, bom: boolean): Uint8Array {
  const bytes = new Uint8Array((text.length + (bom ? 1 : 0)) * 2);
  const view = new DataView(bytes.buffer);
  let at = 0;
  if (bom) view.setUint16((at++, 0), 0xfeff, littleEndian);
  for (let i = 0; i < text.length; i++) view.setUint16(2 * at++, text.charCodeAt(i), littleEndian);
  return bytes;
}

describe('reading an imported file', () => {
  test('a 700 MB file is refused as too big from its size alone, without reading a byte', async () => {
    let read = false;
    const huge = {
      size: 700 * 1024 * 1024,
      arrayBuffer: async () => ((read = true), new ArrayBuffer(0)),
      text: async () => ((read = true), ''),
    } as unknown as Blob;
    const result = await readImportFile(huge, 'register.csv');
    expect(read).toBe(false);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toBe(
        'register.csv is too big to import: 734 MB (734,003,200 bytes), more than the 256 MiB a browser tab can ' +
          'hold; split it into smaller files or keep fewer columns',
      );
  });

  test.each([
    ['UTF-16 LE with a byte order mark', utf16(CSV, true, true)],
    ['UTF-16 BE with a byte order mark', utf16(CSV, false, true)],
    ['UTF-16 LE without one', utf16(CSV, true, false)],
    ['UTF-8 with a byte order mark', new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(CSV)])],
  ])('a population saved as %s imports as the UTF-8 file does', async (_, bytes) => {
    const plain = await readImportFile(new Blob([new TextEncoder().encode(CSV)]), 'p.csv');
    const other = await readImportFile(new Blob([bytes as Uint8Array<ArrayBuffer>]), 'p.csv');
    if (!plain.ok || !other.ok) throw new Error('expected both to import');
    expect(other.instance.schema).toEqual(plain.instance.schema);
    expect(other.instance.schema.columns[0].label).toBe('âge');
    expect(other.instance.features).toEqual(plain.instance.features);
  });
});
