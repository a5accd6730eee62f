// Saves text (or bytes, e.g. a workbook) as a file through a temporary object URL (no server involved).
export function downloadText(
  fileName: string,
  text: string | Uint8Array<ArrayBuffer>,
  type = 'application/json',
): void {
  downloadBlob(fileName, new Blob([text], { type }));
}

/** Saves a Blob (a file made in a worker) under `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
