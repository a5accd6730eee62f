// Instantiates the compiled AssemblyScript module and types its raw exports.
// Both loaders (browser and Node) compile the bytes their own way and come here.

/** The raw exports of assembly/index.ts: pointers are byte offsets into `memory`. */
export interface Kernels {
  readonly memory: WebAssembly.Memory;
  alloc(bytes: number): number;
  free(ptr: number): void;
  whittle2(numArms: number, arms: number, beta: number, out: number): void;
  whittle2Rows(numArms: number, transitions: number, rewards: number, beta: number, out: number): void;
  packArms2(numArms: number, transitions: number, rewards: number, out: number): void;
  armPairBytes(numArms: number): number;
  whittleS(
    numArms: number,
    numStates: number,
    transitions: number,
    rewards: number,
    beta: number,
    out: number,
    verdict: number,
    work: number,
  ): void;
  whittleSWorkSize(numStates: number): number;
  /** 1 when some row is not a distribution (the host's check then names it), else 0. */
  samplingThresholds(
    rows: number,
    numStates: number,
    probabilities: number,
    out: number,
    firstRow: number,
    totalRows: number,
  ): number;
  thresholdBytes(rows: number, numStates: number): number;
  historyBytes(numArms: number): number;
  sortDescending(
    n: number,
    values: number,
    order: number,
    tiedNext: number,
    keys: number,
    keys2: number,
    order2: number,
    hist: number,
  ): void;
  uniform(seed: number, stream: number, counter: number): number;
  sampleBeta(count: number, alpha: number, beta: number, seed: number, firstCell: number, out: number): number;
  betaTable(which: number, layer: number): number;
  simulate(
    numArms: number,
    numStates: number,
    thresholds: number,
    rewards: number,
    initial: number,
    order: number,
    tiedNext: number,
    policy: number,
    tiesRandom: number,
    budget: number,
    horizon: number,
    beta: number,
    seed: number,
    fixedScale: number,
    trialStart: number,
    trialEnd: number,
    state: number,
    act: number,
    scratch: number,
    pulledInTrial: number,
    history: number,
    tables: number,
    occDisc: number,
    occSteps: number,
    pulls: number,
    pulledTrials: number,
    perTrial: number,
    perStep: number,
    perTrialOcc: number,
    totals: number,
    groups: number,
  ): void;
}

/** Instantiates `module`, providing the one import AssemblyScript needs: `abort` (failed assertions). */
export async function instantiateKernels(module: WebAssembly.Module): Promise<Kernels> {
  let memory: WebAssembly.Memory | undefined;
  const env = {
    abort(message: number, fileName: number, line: number, column: number): never {
      const text = memory
        ? `${liftString(memory, message)} in ${liftString(memory, fileName)}:${line}:${column}`
        : 'abort';
      throw new Error(`WASM assertion failed: ${text}`);
    },
  };
  const instance = await WebAssembly.instantiate(module, { env });
  const exports = instance.exports as unknown as Kernels & { _initialize?: () => void };
  memory = exports.memory;
  exports._initialize?.();
  return exports;
}

/** Reads an AssemblyScript string (UTF-16, byte length stored just before it). */
function liftString(memory: WebAssembly.Memory, ptr: number): string {
  if (!ptr) return 'null';
  const bytes = new Uint32Array(memory.buffer)[(ptr - 4) >>> 2];
  return String.fromCharCode(...new Uint16Array(memory.buffer, ptr, bytes >>> 1));
}
