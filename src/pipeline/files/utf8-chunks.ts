// A user's file as UTF-8 bytes, a megabyte at a time (File.slice() of a File in the plan worker, of a file
// on the command line through openAsBlob), so that a file of any size is read without its text in memory:
// UTF-8 with or without a byte order mark as it is, UTF-16 (LE or BE, by its mark or its zero bytes)
// transcoded on the way. Its bytes are fingerprinted as they pass, progress is reported, and a
// cancelled read stops between two chunks.
import { ContentHasher } from '../../core/datasets/content-hash.ts';
import { textEncodingOf } from '../../core/datasets/text-encoding.ts';

export interface ReadProgress {
  fileName: string;
  /** Bytes read so far, and the file's size. */
  done: number;
  total: number;
}

export interface ReadControl {
  onProgress?: (progress: ReadProgress) => void;
  signal?: AbortSignal;
}

/** The read was cancelled (ReadControl.signal): nothing read is kept. */
export class ReadCancelled extends Error {
  override name = 'AbortError';
  constructor(fileName: string) {
    super(`Reading ${fileName} was cancelled; nothing was kept.`);
  }
}

/**
 * A megabyte a time: 400 reads of a national history instead of the 6,400 chunks of 64 KB that
 * Blob.stream() gives, whose allocations kept the garbage collector busy for a sixth of the read.
 */
const CHUNK = 1 << 20;

/** Streams `file` to `push` as UTF-8 bytes; returns the fingerprint of its bytes. */
export async function streamUtf8(
  file: Blob,
  fileName: string,
  push: (bytes: Uint8Array) => void,
  control: ReadControl = {},
): Promise<string> {
  const hasher = new ContentHasher();
  let decoder: TextDecoder | null = null;
  const encoder = new TextEncoder();
  for (let done = 0; done < file.size;) {
    if (control.signal?.aborted) throw new ReadCancelled(fileName);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.slice(done, done + CHUNK).arrayBuffer());
    } catch (error) {
      throw new Error(
        `${fileName} could not be read after ${done.toLocaleString('en')} bytes (${(error as Error).message}); was ` +
          `it moved or changed while it was read?`,
      );
    }
    if (bytes.length === 0) break;
    hasher.update(bytes);
    if (done === 0) {
      const encoding = textEncodingOf(bytes);
      if (encoding !== 'utf-8') decoder = new TextDecoder(encoding);
      else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    done += CHUNK;
    push(decoder ? encoder.encode(decoder.decode(bytes, { stream: true })) : bytes);
    control.onProgress?.({ fileName, done: Math.min(done, file.size), total: file.size });
  }
  if (decoder) push(encoder.encode(decoder.decode()));
  return hasher.digest();
}
