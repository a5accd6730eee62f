// A task: a plain-language priority and, when known, the ground-truth Base reward that judges the
// policies proposed for it (DLM section 5.2). Built-in task sets come from the papers; a custom
// task is a prompt with an optional Base reward.

/** MNR and its standard error as a paper prints them, e.g. 0.41 ± 0.130. */
export interface PublishedScore {
  mnr: number;
  se: number;
}

export interface Task {
  /** Short name, e.g. "Older Bias". */
  label: string;
  /** The language command given to the LLM. */
  prompt: string;
  /**
   * Base reward in the reward parser's syntax over the dlm43 schema (agent_feats[i], state, if_);
   * absent for a custom task without ground truth, which can then be explored but not scored by MNR.
   */
  base?: string;
}

export interface BuiltInTask extends Task {
  /** Position in its task set (the paper's idx for the NeurIPS set). */
  index: number;
  base: string;
  /** The Base reward exactly as the paper prints it (line breaks of the extraction removed). */
  printedBase: string;
  /** Scores the paper reports for this task, keyed by method. */
  published: Partial<Record<'random' | 'noAction' | 'default' | 'base' | 'zeroShot' | 'reflection', PublishedScore>>;
  /** Where the text departs from the print, or an ambiguity of the paper. */
  note?: string;
}

export interface TaskSet {
  id: string;
  title: string;
  /** The schema the Base rewards' feature indices refer to. */
  schema: 'dlm43';
  /** Citation of the tables the tasks are copied from. */
  source: string;
  tasks: readonly BuiltInTask[];
}
