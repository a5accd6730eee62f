// PLAN.json: a PlanState as text and back, exactly. Typed arrays are written as base64 of their
// bytes (little-endian), features column by column in the narrowest exact type (most are 0/1), so a
// plan of 10^6 beneficiaries and 26 weeks is tens of megabytes, not hundreds.
import type { PlanState } from './plan-state.ts';

export function planToJson(plan: PlanState): string {
  void plan;
  throw new Error('planToJson: not implemented yet');
}

/** Parses and validates PLAN.json; errors name the file and the field. */
export function parsePlanJson(text: string, fileName = 'the plan file'): PlanState {
  void text; void fileName;
  throw new Error('parsePlanJson: not implemented yet');
}
