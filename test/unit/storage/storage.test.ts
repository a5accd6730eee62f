import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Instance } from '../../../src/core/instance/types.ts';
import { KeyStore } from '../../../src/llm/key-store.ts';
import { asStorageError, isQuotaError, SecretInRecordError, StorageFullError } from '../../../src/storage/errors.ts';
import { MemoryStore } from '../../../src/storage/memory-store.ts';
import { openStore } from '../../../src/storage/open-store.ts';
import type { RunRecord } from '../../../src/storage/records.ts';
import { findSecret } from '../../../src/storage/secrets.ts';
import type { Store } from '../../../src/storage/store.ts';

let dbCount = 0;
const freshName = () => `allot-test-${process.pid}-${++dbCount}`;

function instance(): Instance {
  return {
    numArms: 1,
    numStates: 2,
    ids: ['a'],
    transitions: new Float64Array([0.9, 0.1, 0.4, 0.6, 0.3, 0.7, 0.1, 0.9 + 1e-17]),
    schema: { columns: [{ name: 'x', label: 'X', description: '', type: 'continuous', group: null }], groups: [] },
    features: new Float64Array([Math.PI]),
    initial: new Float64Array([0.5, 0.5]),
    budget: 1,
    horizon: 10,
    discount: 0.9,
    provenance: { kind: 'generator', generator: 'test', parameters: {}, seed: 1 },
    warnings: [],
  };
}

function run(id: string, updatedAt: number, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    id,
    kind: 'dlm',
    title: id,
    createdAt: 0,
    updatedAt,
    status: 'running',
    populationId: 'p',
    prompt: 'older mothers',
    config: {},
    checkpoint: { step: 1 },
    transcript: [],
    ...extra,
  };
}

// The stores ask the key store for the keys to refuse, as in the app.
const keys = new KeyStore(null);
const secrets = () => keys.secrets();

const stores: [string, () => Promise<Store>][] = [
  ['IndexedDB (fake-indexeddb)', async () => (await openStore({ name: freshName(), secrets })).store],
  ['memory', async () => new MemoryStore(secrets)],
];

afterEach(() => keys.forgetAll());

describe.each(stores)('the %s store', (_, make) => {
  test('returns nothing for ids it never saw', async () => {
    const store = await make();
    expect(await store.getRun('nope')).toBeUndefined();
    expect(await store.getPopulation('nope')).toBeUndefined();
    expect(await store.getResult('nope')).toBeUndefined();
    expect(await store.getSetting('nope')).toBeUndefined();
    expect(await store.listCandidates('nope')).toEqual([]);
  });

  test('keeps a population with its typed arrays bit for bit', async () => {
    const store = await make();
    await store.putPopulation({ id: 'p', name: 'test', createdAt: 1, instance: instance() });
    const back = await store.getPopulation('p');
    expect(back?.instance.transitions).toEqual(instance().transitions);
    expect(back?.instance.transitions).toBeInstanceOf(Float64Array);
    expect(back?.instance.features[0]).toBe(Math.PI);
  });

  test('lists runs most recently updated first and overwrites on put', async () => {
    const store = await make();
    await store.putRun(run('a', 1));
    await store.putRun(run('b', 3));
    await store.putRun(run('a', 5, { status: 'done' }));
    const runs = await store.listRuns();
    expect(runs.map((r) => [r.id, r.status])).toEqual([
      ['a', 'done'],
      ['b', 'running'],
    ]);
  });

  test('lists candidates in pool order and deletes them with their run and result', async () => {
    const store = await make();
    await store.putRun(run('r', 1));
    await store.putRun(run('other', 1));
    for (const index of [10, 2, 0]) {
      await store.putCandidate({
        runId: 'r',
        index,
        expression: `state * ${index}`,
        origin: 'llm',
        round: 0,
        diagnostics: {},
        summary: {},
      });
    }
    await store.putCandidate({
      runId: 'other',
      index: 0,
      expression: 'state',
      origin: 'user',
      round: 0,
      diagnostics: {},
      summary: {},
    });
    await store.putResult({ runId: 'r', createdAt: 2, result: { selected: 2 } });
    expect((await store.listCandidates('r')).map((c) => c.index)).toEqual([0, 2, 10]);
    await store.deleteRun('r');
    expect(await store.getRun('r')).toBeUndefined();
    expect(await store.getResult('r')).toBeUndefined();
    expect(await store.listCandidates('r')).toEqual([]);
    expect(await store.listCandidates('other')).toHaveLength(1);
  });

  test('refuses any record holding something shaped like an API key, without repeating the key', async () => {
    const store = await make();
    const key = 'sk-proj-abcdefghijklmnopqrstuvwxyz0123';
    const error = await store
      .putRun(run('r', 1, { transcript: [{ headers: { authorization: `Bearer ${key}` } }] }))
      .catch((e) => e);
    expect(error).toBeInstanceOf(SecretInRecordError);
    expect(error.message).toContain('$.transcript[0].headers.authorization');
    expect(error.message).not.toContain(key);
    expect(await store.getRun('r')).toBeUndefined();
    await expect(store.putSetting('provider', { key: 'AIzaSyA1234567890abcdefghijklmnopqrstuv' })).rejects.toThrow(
      SecretInRecordError,
    );
    await expect(
      store.putResult({ runId: 'r', createdAt: 1, result: 'sk-ant-api03-aaaaaaaaaaaaaaaaaaaaaaaa' }),
    ).rejects.toThrow(SecretInRecordError);
  });

  test('refuses a record holding the key typed in this session, whatever its shape', async () => {
    const store = await make();
    keys.set('openai-compatible', 'local-llama-key-42', false);
    await expect(store.putSetting('note', 'my key is local-llama-key-42')).rejects.toThrow(SecretInRecordError);
    keys.forgetAll();
    await store.putSetting('note', 'my key is local-llama-key-42');
  });

  test('keeps settings', async () => {
    const store = await make();
    await store.putSetting('welfare', { p: -Infinity });
    expect(await store.getSetting('welfare')).toEqual({ p: -Infinity });
  });
});

describe('findSecret', () => {
  test('walks nested objects and arrays and skips typed arrays', () => {
    expect(findSecret({ a: [1, 'x', { b: 'sk-abcdefghijklmnopqrstuvwx' }] })).toBe('$.a[2].b');
    expect(findSecret({ a: new Float64Array(3), b: 'state * 2' })).toBeNull();
  });
});

describe('quota errors', () => {
  test('are recognised by name and code, and explained with a way out', () => {
    expect(isQuotaError(new DOMException('full', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError({ name: 'NS_ERROR_DOM_QUOTA_REACHED' })).toBe(true);
    expect(isQuotaError(new DOMException('x', 'AbortError'))).toBe(false);
    const mapped = asStorageError(new DOMException('full', 'QuotaExceededError'));
    expect(mapped).toBeInstanceOf(StorageFullError);
    expect((mapped as Error).message).toMatch(/Export the runs you want to keep, then delete old runs/);
  });
});

describe('openStore', () => {
  test('falls back to memory, with a reason for the banner, when the browser has no IndexedDB', async () => {
    const saved = globalThis.indexedDB;
    // @ts-expect-error: removing the global as some private windows do
    delete globalThis.indexedDB;
    try {
      const { store, memoryReason } = await openStore({ name: freshName() });
      expect(store.kind).toBe('memory');
      expect(memoryReason).toMatch(/nothing is saved after you close the tab/);
    } finally {
      globalThis.indexedDB = saved;
    }
  });

  test('falls back to memory when the browser refuses to open the database', async () => {
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    });
    try {
      const { store, memoryReason } = await openStore({ name: freshName() });
      expect(store.kind).toBe('memory');
      expect(memoryReason).toContain('SecurityError');
    } finally {
      open.mockRestore();
    }
  });

  test('an older tab steps aside when a newer version upgrades, and its data survives', async () => {
    const name = freshName();
    const onReplaced = vi.fn();
    const older = (await openStore({ name, version: 1, onReplaced })).store;
    await older.putRun(run('kept', 1));
    const newer = await openStore({ name, version: 2 });
    expect(onReplaced).toHaveBeenCalledOnce();
    expect(newer.memoryReason).toBeNull();
    expect((await newer.store.getRun('kept'))?.checkpoint).toEqual({ step: 1 });
  });

  test(
    'a newer tab reports that it is blocked by a connection that does not close, then opens ' + 'once it does',
    async () => {
      const name = freshName();
      const stubborn = await openDB(name, 1, { upgrade: (db) => void db.createObjectStore('runs') });
      const onBlocked = vi.fn();
      const opening = openStore({ name, version: 2, onBlocked });
      await vi.waitFor(() => expect(onBlocked).toHaveBeenCalled());
      stubborn.close();
      const { store } = await opening;
      expect(store.kind).toBe('indexeddb');
    },
  );
});
