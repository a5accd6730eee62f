// Chart labels on several lines instead of cut: words are packed into lines of at most `width`
// characters; a word longer than a line is split. Past `maxLines` the last line ends with "…" and
// the chart keeps the full label in a <title> and in its table view.

/** The lines of `text`, and whether it had to be shortened. */
export function wrapLabel(text: string, width: number, maxLines: number): { lines: string[]; cut: boolean } {
  const words = text
    .split(/\s+/)
    .filter(Boolean)
    .flatMap((w) => (w.length <= width ? [w] : w.match(new RegExp(`.{1,${width}}`, 'g'))!));
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.length - 1;
    if (last >= 0 && lines[last].length + 1 + word.length <= width) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  if (lines.length <= maxLines) return { lines, cut: false };
  const kept = lines.slice(0, maxLines);
  const tail = kept[maxLines - 1];
  kept[maxLines - 1] = `${tail.length >= width ? tail.slice(0, width - 1) : tail}…`;
  return { lines: kept, cut: true };
}
