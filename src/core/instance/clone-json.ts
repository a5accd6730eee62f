// A deep copy of plain JSON data (schemas, provenance). The core has no structuredClone (ES2022 lib only).
export function cloneJson<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}
