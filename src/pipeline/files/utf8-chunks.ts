// A user's file as UTF-8 bytes, chunk by chunk from Blob.stream() (a File in the plan worker, a file on
// the command line through openAsBlob), so that a file of any size is read without its text in memory:
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

/** Streams `file` to `push` as UTF-8 bytes; returns the fingerprint of its bytes. */
export async function streamUtf8(file: Blob, fileName: string, push: (bytes: Uint8Array) => void, control: ReadControl = {}): Promise<string> {
  const hasher = new ContentHasher();
  const reader = file.stream().getReader();
  let decoder: TextDecoder | null = null;
  const encoder = new TextEncoder();
  let first = true, done = 0, finished = false;
  try {
    for (;;) {
      if (control.signal?.aborted) throw new ReadCancelled(fileName);
      const next = await reader.read();
      if (next.done) break;
      let bytes = next.value;
      hasher.update(bytes);
      done += bytes.length;
      if (first) {
        first = false;
        const encoding = textEncodingOf(bytes);
        if (encoding !== 'utf-8') decoder = new TextDecoder(encoding);
        else if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      push(decoder ? encoder.encode(decoder.decode(bytes, { stream: true })) : bytes);
      control.onProgress?.({ fileName, done, total: file.size });
    }
    if (decoder) push(encoder.encode(decoder.decode()));
    finished = true;
  } finally {
    if (!finished) await reader.cancel().catch(() => {});
    reader.releaseLock();
  }
  return hasher.digest();
}
