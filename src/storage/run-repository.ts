// Run records narrowed by kind. What a run's configuration, checkpoint, transcript and candidate
// records hold belongs to the layers above (state, pipeline, llm): they name it once, as the type
// parameter, and every read checks the kind it narrows to, so that no caller casts a stored payload.
import type { CandidateRecord, RunRecord } from './records.ts';
import type { Store } from './store.ts';

export type RunKind = RunRecord['kind'];

/** What each kind of run stores. */
export type RunShapes = Record<
  RunKind,
  { config: unknown; checkpoint: unknown; transcript: unknown; diagnostics: unknown; summary: unknown }
>;

/** A run record of one of the kinds K, with its payloads typed. */
export type TypedRun<S extends RunShapes, K extends RunKind = RunKind> = {
  [k in K]: Omit<RunRecord, 'kind' | 'config' | 'checkpoint' | 'transcript'> & {
    kind: k;
    config: S[k]['config'];
    checkpoint: S[k]['checkpoint'];
    transcript: S[k]['transcript'][];
  };
}[K];

/** A candidate record of a run of kind K, with its payloads typed. */
export type TypedCandidate<S extends RunShapes, K extends RunKind = RunKind> = Omit<
  CandidateRecord,
  'diagnostics' | 'summary'
> & { diagnostics: S[K]['diagnostics']; summary: S[K]['summary'] };

export class RunRepository<S extends RunShapes> {
  constructor(
    private readonly store: () => Store,
    /** Brings a record written by an older allot to the current shapes (read side only). */
    private readonly upgrade: (run: RunRecord) => RunRecord = (run) => run,
  ) {}

  /** Run `id` when it is of one of `kinds`; undefined when it is not saved; an error when it is of another kind. */
  async get<K extends RunKind>(id: string, kinds: readonly K[]): Promise<TypedRun<S, K> | undefined> {
    const run = await this.store().getRun(id);
    if (!run) return undefined;
    if (!(kinds as readonly RunKind[]).includes(run.kind))
      throw new Error(`run ${id} is a ${run.kind} run, not ${kinds.join(' or ')}`);
    // The one narrowing: the kind was checked, and records of a kind are written only through put().
    return this.upgrade(run) as TypedRun<S, K>;
  }

  /** Every run, most recently updated first. */
  async list(): Promise<TypedRun<S>[]> {
    // Narrowed by the kind each record carries (records of a kind are written only through put()).
    return (await this.store().listRuns()).map((run) => this.upgrade(run) as TypedRun<S>);
  }

  put<K extends RunKind>(run: TypedRun<S, K>): Promise<void> {
    return this.store().putRun(run);
  }

  /** The candidate records of run `run` (of kind K), in pool order. */
  async candidates<K extends RunKind>(run: Pick<TypedRun<S, K>, 'id' | 'kind'>): Promise<TypedCandidate<S, K>[]> {
    return (await this.store().listCandidates(run.id)) as TypedCandidate<S, K>[];
  }

  putCandidate<K extends RunKind>(record: TypedCandidate<S, K>): Promise<void> {
    return this.store().putCandidate(record);
  }
}
