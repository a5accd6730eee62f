// A moment in words for the screens and menus: "26 Nov 2026, 14:05", day first and the month in letters, so no reader
// takes 12/11 for 11 December. Local time, built by hand: Intl's first use costs the page a long task.

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** `ms`: milliseconds since 1970 (Date.now()). */
export function whenInWords(ms: number): string {
  const d = new Date(ms);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}, ${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The day alone: "12 Nov 2026". */
export function dayInWords(ms: number): string {
  const d = new Date(ms);
  return `${d.getDate()} ${MONTHS[d.getMonth()]} ${d.getFullYear()}`;
}
