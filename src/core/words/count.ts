// Whole numbers in words with thousands separators, "12,345" as toLocaleString('en') writes them, without
// ICU: a list at 10^5 lines writes one per line, and toLocaleString costs microseconds each.

/** A whole number with commas every three digits: count(1234567) is "1,234,567" (else String(n)). */
export function count(n: number): string {
  const text = String(n);
  if (!Number.isSafeInteger(n) || (n < 1000 && n > -1000)) return text;
  const sign = n < 0 ? '-' : '',
    digits = n < 0 ? text.slice(1) : text;
  let out = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return sign + out;
}
