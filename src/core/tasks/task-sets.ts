// The built-in task sets by id, for the command line and the app's task picker.
import { DLM_IJCAI_TASKS } from './dlm-ijcai-tasks.ts';
import { DLM_NEURIPS_TASKS } from './dlm-neurips-tasks.ts';
import type { TaskSet } from './task.ts';

/** NeurIPS first: its 16 tasks are the default benchmark (`allot evaluate dlm`). */
export const TASK_SETS: readonly TaskSet[] = [DLM_NEURIPS_TASKS, DLM_IJCAI_TASKS];
