// The register being set up for a new plan (the plan worker's, through weekly-plan.ts): read from its
// file or a saved population, banded, its text columns grouped again; its summary for the page. A
// register is never changed in place: each step makes a new one, so that the list maker's posterior
// (kept per register) is estimated again for it.
import type { TextChoices } from '../../core/datasets/text-columns.ts';
import type { Register } from '../../core/plan/register.ts';
import type { ReadControl } from '../files/utf8-chunks.ts';
import { readRegister, type RegisterSource } from './register-source.ts';
import { reband, type Banding } from './reband.ts';
import { registerSummary, type RegisterSummary } from './register-summary.ts';

/** The register's summary, once per register. */
const summaries = new WeakMap<Register, RegisterSummary>();
export function summaryOf(register: Register): RegisterSummary {
  let s = summaries.get(register);
  if (!s) summaries.set(register, (s = registerSummary(register)));
  return s;
}

export class RegisterDraft {
  /** The register as set up so far (null: none read). */
  register: Register | null = null;
  /** Where the draft was read from, and the bands chosen on it since (read again, they are kept). */
  private source: RegisterSource | null = null;
  private readonly bandings = new Map<string, Banding>();

  /** Reads the register (the draft is none while it reads). */
  async load(source: RegisterSource, control: ReadControl = {}): Promise<Register> {
    this.register = null;
    this.register = await readRegister(source, control);
    this.source = source;
    this.bandings.clear();
    return this.register;
  }

  band(group: string, banding: Banding): Register {
    const r = this.need();
    this.register = { ...r, schema: reband(r.schema, r.features, r.numArms, group, banding) };
    this.bandings.set(group, banding);
    return this.register;
  }

  /**
   * Reads the register's file again with its text columns grouped as `text` says (rare values merged
   * into "other" or kept), keeping the bands chosen so far. A saved population's were chosen on import.
   */
  async groupText(text: TextChoices): Promise<Register> {
    const source = this.source;
    if (!source) throw new Error('no register is loaded');
    if (source.kind !== 'file') {
      throw new Error(
        'the text columns of a saved population were grouped when it was imported: ' +
          'import its file again on the Data screen to group them otherwise',
      );
    }
    const register = await readRegister({ ...source, text });
    let schema = register.schema;
    for (const [group, banding] of this.bandings) {
      if (schema.groups.some((g) => g.name === group))
        schema = reband(schema, register.features, register.numArms, group, banding);
    }
    this.register = { ...register, schema };
    this.source = { ...source, text };
    return this.register;
  }

  /** The draft's summary, saying whether its text columns can be grouped again (its file can be read again). */
  summary(): RegisterSummary {
    return { ...summaryOf(this.need()), regroupable: this.source?.kind === 'file' };
  }

  need(): Register {
    if (this.register === null) throw new Error('no register is loaded');
    return this.register;
  }
}
