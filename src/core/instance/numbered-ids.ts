// The ids of an instance made without ids ("0", "1", ...), made only when read: apart from
// create-instance.ts, which was past 300 lines with it.
import type { Instance } from './types.ts';

/**
 * Gives `instance` the ids "0", "1", ... made on first read (a million id strings take about 30 MB
 * and a tenth of a second; What-if at national scale never reads them). Cloning, spreading or JSON
 * reads them, so a copy holds a plain array.
 */
export function numberedIds(instance: Instance): void {
  const numArms = instance.numArms;
  Object.defineProperty(instance, 'ids', {
    configurable: true,
    enumerable: true,
    get(this: Instance) {
      const ids = Array.from({ length: numArms }, (_, i) => String(i));
      Object.defineProperty(this, 'ids', { value: ids, configurable: true, enumerable: true, writable: true });
      return ids;
    },
    set(this: Instance, value: string[]) {
      Object.defineProperty(this, 'ids', { value, configurable: true, enumerable: true, writable: true });
    },
  });
}
