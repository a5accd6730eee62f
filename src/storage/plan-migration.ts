// Step 3 of the schema's ladder (schema.ts): plans saved whole (IndexedDB version 2: a listing in
// 'plans', the whole plan in 'plan-states', each week's full list in 'plan-weeks') become parts
// (core/plan/plan-parts.ts): the head, the register once, a record per week with what its outcomes
// changed. It runs inside the upgrade's transaction: if a request fails, the upgrade is aborted and
// the database stays at version 2 with every plan as it was. A plan whose old record cannot be split
// is kept as it was (in 'plan-registers', as `legacy`) beside its listing marked damaged, so that
// what it holds can still be exported.
import type { IDBPObjectStore } from 'idb';
import type { PlanState } from '../core/plan/plan-state.ts';
import { planParts } from '../core/plan/plan-parts.ts';
import type { PlanListing } from '../core/plan/plan-record.ts';
import type { UpgradeTransaction } from './schema.ts';

/** The stores of version 2 and 3 by name (the typed schema knows version 3 only). */
type AnyStore = IDBPObjectStore<unknown, string[], string, 'versionchange'>;

export function movePlansToParts(upgrading: UpgradeTransaction): void {
  const tx = upgrading as unknown as {
    objectStore(name: string): AnyStore;
    db: { deleteObjectStore(name: string): void };
  };
  const plans = tx.objectStore('plans'),
    registers = tx.objectStore('plan-registers'),
    weeks = tx.objectStore('plan-weeks');
  // Only IndexedDB requests are awaited, so the upgrade's transaction stays open until the last one.
  void (async () => {
    for (let cursor = await tx.objectStore('plan-states').openCursor(); cursor; cursor = await cursor.continue()) {
      const { id, plan } = cursor.value as { id: string; plan: PlanState };
      const listing = (await plans.get(id)) as PlanListing | undefined;
      for (const key of await weeks.index('by-plan').getAllKeys(id)) await weeks.delete(key);
      let parts;
      try {
        if (!listing) throw new Error('its listing is missing');
        const { name, createdAt, updatedAt, policy } = listing;
        parts = planParts({ id, name, createdAt, updatedAt, policy, plan });
      } catch (error) {
        const damaged =
          `its record from an earlier allot could not be moved forward ` +
          `(${error instanceof Error ? error.message : String(error)})`;
        await plans.put({ ...(listing ?? { id, name: '', createdAt: 0, updatedAt: 0, weeks: [] }), damaged });
        await registers.put({ id, legacy: plan });
        continue;
      }
      await plans.put(parts.head);
      await registers.put(parts.register);
      for (const week of parts.weeks) await weeks.put(week);
    }
    tx.db.deleteObjectStore('plan-states');
  })();
}
