// `allot adjudicate --pool` takes a pool file or a run exported from the app's History (format
// "allot-run"): a finished SCLM run keeps its pool, in the pool file's format, in its checkpoint.

/** The pool file text inside `text`: the text itself, or the pool of an exported SCLM run. */
export function poolText(text: string, fileName = 'pool'): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return text; // parsePool reports the syntax error with its line and column
  }
  if (!data || typeof data !== 'object' || (data as { format?: unknown }).format !== 'allot-run') return text;
  const run = (data as { run?: { kind?: unknown; checkpoint?: { sclm?: { result?: { pool?: unknown } } } } }).run;
  const pool = run?.checkpoint?.sclm?.result?.pool;
  if (pool === undefined) {
    const kind = typeof run?.kind === 'string' ? `${run.kind} ` : '';
    throw new TypeError(
      `${fileName}: an exported ${kind}run with no SCLM result; only a finished SCLM run carries a pool`,
    );
  }
  return JSON.stringify(pool);
}
