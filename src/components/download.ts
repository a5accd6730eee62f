// Saves text (or bytes, e.g. a workbook) as a file through a temporary object URL (no server involved).
export function downloadText(fileName: string, text: string | Uint8Array<ArrayBuffer>, type = 'application/json') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
