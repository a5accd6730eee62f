// The Data screen's state: import a file (parsed and validated in a worker), preview it, choose how
// numeric columns are banded into groups (bandImport: every feature column ends up in a group) and
// whether a text column's rare values are merged into "other" (the file is read again), edit
// the group names and bucket labels, and only then save it; list, export and delete saved
// populations. Nothing is saved until the user confirms a preview without errors.
import { bandImport, ImportBander, type BandChoice, type BandedImport } from '../core/datasets/band-import.ts';
import { RARE_BELOW } from '../core/datasets/text-columns.ts';
import { instanceToJson } from '../core/datasets/instance-json.ts';
import type { FeatureSchema, Instance } from '../core/instance/types.ts';
import { groupSummary, type GroupRow, type PopulationSummary } from '../core/instance/population-summary.ts';
import { budgetProblem } from '../core/limits/setting-ranges.ts';
import type { PopulationRecord } from '../storage/records.ts';
import type { Store } from '../storage/store.ts';
import { ImportClient, type ImportKind, type ImportProblem, type MappedFile } from '../workers/import/import-client.ts';
import type { ColumnMapping } from '../core/datasets/column-mapping.ts';
import type { FilePreview } from '../pipeline/plan/file-preview.ts';
import { applyGroupEdits, followBanding, moveDraftBucket, type DraftGroup } from './data-group-edits.ts';
import { mappingMemory, type MappingMemory } from './plan/mapping-memory.ts';

export type { ImportKind } from '../workers/import/import-client.ts';

export interface ImportPreview {
  fileName: string;
  kind: ImportKind;
  instance: Instance;
  /** Its summary tables, computed in the worker. */
  summary: PopulationSummary;
  /** Milliseconds: reading the file and parsing it in the worker, and the whole import seen from the page. */
  readMs: number;
  parseMs: number;
  totalMs: number;
}

/** A file with the name it was chosen under (a workbook's sheet and her column names once she gave them). */
type NamedFile = MappedFile;

export class DataState {
  populations = $state.raw<PopulationRecord[]>([]);
  /** Raw: a preview may hold 100,000 arms, which no proxy should wrap. */
  preview = $state.raw<ImportPreview | null>(null);
  /**
   * The user's edits of the preview: the name it is saved under and, per group in schema order, its
   * name, whether its buckets are ordered (EMD and shift measures need it), its bucket labels in the
   * chosen order, and `order[j]`: which original bucket is now j-th; `budget`: calls a week, when she
   * changed the file's (a register's is the weekly plan's default).
   */
  draft = $state<{ name: string; program?: string; budget?: number; groups: DraftGroup[] }>({
    name: '',
    groups: [],
  });
  /** How each numeric column (by its internal name) is banded; a column not here is cut at quartiles. */
  bands = $state<Record<string, BandChoice>>({});
  /**
   * Bands the preview's columns, remembering each one's, so a keystroke in a cut-point field bands
   * that column alone. Made by show() with the preview; not a $derived, which is made afresh on
   * every read when nothing on the page watches it.
   */
  bander: ImportBander | null = null;
  /** The preview's schema with every stand-alone column made a group, and what happens to each column. */
  readonly banded: BandedImport | null = $derived(this.preview && this.bander ? this.bander.band(this.bands) : null);
  /** The arms in each bucket of each group as banded (the preview's groups table). */
  readonly groupRows: GroupRow[] | null = $derived(
    this.preview && this.banded ? this.countGroups(this.preview.instance, this.banded.schema) : null,
  );
  /** Group rows already counted, by group: a keystroke counts the arms of the typed column's group alone. */
  private counted = new Map<string, GroupRow>();
  problem = $state.raw<{ fileName: string; error: ImportProblem } | null>(null);
  busy = $state(false);
  /**
   * How text columns are grouped (the rare-value threshold, each column's merge choice): changing it
   * reads the file again.
   */
  text = $state<{ rareBelow: number; merge: Record<string, boolean> }>({ rareBelow: RARE_BELOW, merge: {} });
  /** The file being previewed, its kind as read, and a history's features file, to read them again. */
  private source: (NamedFile & { kind?: ImportKind; features?: NamedFile }) | null = null;
  /**
   * A register's files as the mapping step shows them (the Plan screen's step, the same component),
   * until she reads them with her columns; null for any other file.
   */
  mapping = $state.raw<FilePreview[] | null>(null);

  /**
   * `importer`: the import worker's client, this screen's own (stopped by dispose); `memory`: her mappings on this
   * device.
   */
  constructor(
    private readonly store: () => Store,
    private readonly importer = new ImportClient(),
    readonly memory: MappingMemory = mappingMemory(null),
  ) {}

  /** Stops the import worker when the screen closes; an import under way is dropped. */
  dispose(): void {
    this.importer.terminate();
  }

  async refresh(): Promise<void> {
    this.populations = await this.store().listPopulations();
  }

  /**
   * Reads `file` (as `kind`, else guessed; `features`: a history CSV's features file), its text
   * columns grouped by default.
   */
  async importFile(file: Blob, fileName: string, kind?: ImportKind, features?: NamedFile): Promise<void> {
    this.source = { file, fileName, kind, features };
    this.text = { rareBelow: RARE_BELOW, merge: {} };
    this.preview = null;
    if (!(await this.previewColumns())) await this.read(false);
  }

  /**
   * A register's files go through the mapping step first (her remembered choices applied): true when
   * it is shown; false for a file of another kind, read at once.
   */
  private async previewColumns(): Promise<boolean> {
    const source = this.source!;
    this.busy = true;
    this.problem = null;
    try {
      let seen = await this.importer.previewImport(source, source.kind, source.features);
      if (!seen.previews) return false;
      const remembered = seen.previews.map((p) => (p.header.length ? this.memory.recall(p.header) : null));
      if (remembered.some((m) => m !== null)) {
        const main = { ...source, mapping: remembered[0] ?? undefined };
        const features = source.features && { ...source.features, mapping: remembered[1] ?? undefined };
        seen = await this.importer.previewImport(main, 'register', features);
      }
      this.mapping = seen.previews!.map((p, i) => (remembered[i] ? { ...p, remembered: true } : p));
      this.source = { ...source, kind: 'register' };
      return true;
    } catch (error) {
      this.problem = {
        fileName: source.fileName,
        error: { message: error instanceof Error ? error.message : String(error) },
      };
      this.mapping = null;
      return true;
    } finally {
      this.busy = false;
    }
  }

  /** The mapping step's sheet choice: file `i` (0 the register, 1 the file beside it) previewed on `sheet`. */
  async chooseSheet(i: number, sheet: string): Promise<void> {
    if (!this.source) return;
    if (i === 0) this.source = { ...this.source, sheet };
    else if (this.source.features) this.source = { ...this.source, features: { ...this.source.features, sheet } };
    await this.previewColumns();
  }

  /** Reads the register with her columns (and remembers them for files with these headers). */
  async readMapped(mappings: ColumnMapping[]): Promise<void> {
    const source = this.source,
      shown = this.mapping;
    if (!source || !shown) return;
    this.source = {
      ...source,
      mapping: mappings[0],
      ...(source.features && { features: { ...source.features, mapping: mappings[1] } }),
    };
    await this.read(false);
    if (this.preview) {
      shown.forEach((p, i) => mappings[i] && this.memory.remember(p.header, mappings[i]));
      this.mapping = null;
    }
  }

  /**
   * Groups the previewed file's text columns again (column: its header; merge: its rare values into
   * "other"), keeping the preview's edits.
   */
  async groupText(column: string | null, merge?: boolean): Promise<void> {
    if (column !== null) this.text.merge[column] = merge!;
    await this.read(true);
  }

  private async read(keepEdits: boolean): Promise<void> {
    const source = this.source;
    if (!source) return;
    const { file, fileName, kind, features, sheet, mapping } = source;
    this.busy = true;
    if (!keepEdits) this.preview = null;
    this.problem = null;
    const started = performance.now();
    try {
      const options = {
        text: $state.snapshot(this.text),
        ...(features && { features }),
        ...(sheet && { sheet }),
        ...(mapping && { mapping }),
      };
      const outcome = await this.importer.importFile(file, fileName, kind, options);
      if (!outcome.ok) {
        this.problem = { fileName, error: outcome.error };
        this.preview = null;
        return;
      }
      const { kind: read, instance, summary, readMs, parseMs } = outcome;
      const totalMs = performance.now() - started;
      this.show({ fileName, kind: read, instance, summary, readMs, parseMs, totalMs }, keepEdits);
    } catch (error) {
      this.problem = { fileName, error: { message: error instanceof Error ? error.message : String(error) } };
    } finally {
      this.busy = false;
    }
  }

  /**
   * Shows an import's preview: numeric columns at quartiles, the draft from its groups, named after the
   * file; `keepEdits` (the same file read again): the bands, names and labels chosen so far stay.
   */
  show(preview: ImportPreview, keepEdits = false): void {
    this.bander = new ImportBander(preview.instance.schema, preview.instance.features, preview.instance.numArms);
    this.counted = new Map();
    this.preview = preview;
    if (!keepEdits) {
      this.bands = {};
      this.draft = { name: preview.fileName.replace(/\.(csv|tsv|txt|xlsx|json)$/i, ''), groups: [] };
    }
    this.syncDraft();
  }

  /** Bands numeric column `name` (its internal name) at quantiles or at typed cut points. */
  setBand(name: string, choice: BandChoice): void {
    this.bands[name] = choice;
    this.syncDraft();
  }

  private countGroups(instance: Instance, schema: FeatureSchema): GroupRow[] {
    return schema.groups.map((group) => {
      const key = JSON.stringify(group);
      let row = this.counted.get(key);
      if (!row)
        this.counted.set(
          key,
          (row = groupSummary({ ...instance, schema: { columns: schema.columns, groups: [group] } })[0]),
        );
      return row;
    });
  }

  /** The draft's groups follow the banded schema; a group keeps its edits while its buckets stay the same. */
  private syncDraft(): void {
    this.draft.groups = followBanding(this.draft.groups, this.banded?.schema.groups ?? []);
  }

  /** The preview's schema, banded, with the edited names and labels; throws with the reason when they are not valid. */
  editedSchema(preview: ImportPreview): FeatureSchema {
    const banded =
      preview === this.preview
        ? this.banded
        : bandImport(preview.instance.schema, preview.instance.features, preview.instance.numArms, this.bands);
    if (!banded) throw new Error('nothing to save: import a file first');
    if (banded.problems.length) throw new Error(banded.problems.map((p) => p.message).join('; '));
    return applyGroupEdits(banded.schema, this.draft.groups);
  }

  /** Moves bucket `b` of group `g` one place earlier (-1) or later (+1) in a one-hot group. */
  moveBucket(g: number, b: number, by: -1 | 1): void {
    const group = this.draft.groups[g];
    if (group) moveDraftBucket(group, b, by);
  }

  /** Saves the previewed population; returns its id. */
  async save(now = Date.now()): Promise<string> {
    const preview = this.preview;
    if (!preview) throw new Error('nothing to save: import a file first');
    const schema = this.editedSchema(preview);
    const program = this.draft.program?.trim();
    const budget = this.draft.budget ?? preview.instance.budget;
    const tooMany = budgetProblem(budget, preview.instance.numArms);
    if (tooMany) throw new Error(tooMany);
    const instance: Instance = { ...preview.instance, schema, budget, ...(program && { program }) };
    const id = `population-${now.toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
    const record: PopulationRecord = { id, name: this.draft.name.trim() || preview.fileName, createdAt: now, instance };
    await this.store().putPopulation(record);
    this.preview = null;
    // Newest first, as listPopulations gives them; reading every saved population back would block the page.
    this.populations = [record, ...this.populations];
    return id;
  }

  discard(): void {
    this.preview = null;
    this.problem = null;
    this.mapping = null;
  }

  async remove(id: string): Promise<void> {
    await this.store().deletePopulation(id);
    this.populations = this.populations.filter((p) => p.id !== id);
  }

  exportJson(record: PopulationRecord): string {
    return instanceToJson(record.instance);
  }
}
