import { describe, expect, test } from 'vitest';
import { KeyStore, REMEMBERED_KEYS_ITEM, type KeyStorage } from '../../../src/llm/key-store.ts';

class MapStorage implements KeyStorage {
  readonly map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe('KeyStore', () => {
  test('keeps keys in memory only by default', () => {
    const storage = new MapStorage();
    const keys = new KeyStore(storage);
    keys.set('openai', ' sk-1 ', false);
    expect(keys.get('openai')).toBe('sk-1');
    expect(keys.isRemembered('openai')).toBe(false);
    expect(storage.map.size).toBe(0);
    expect(new KeyStore(storage).get('openai')).toBeUndefined();
  });

  test('writes to storage only on explicit opt-in, and a new store (a reload) reads it back', () => {
    const storage = new MapStorage();
    const keys = new KeyStore(storage);
    keys.set('anthropic', 'sk-ant-1', true);
    keys.set('gemini', 'g-1', false);
    expect(JSON.parse(storage.map.get(REMEMBERED_KEYS_ITEM)!)).toEqual({ anthropic: 'sk-ant-1' });
    const reloaded = new KeyStore(storage);
    expect(reloaded.get('anthropic')).toBe('sk-ant-1');
    expect(reloaded.isRemembered('anthropic')).toBe(true);
    expect(reloaded.get('gemini')).toBeUndefined();
  });

  test('turning remembering off, clearing a key or forgetting all removes it from storage', () => {
    const storage = new MapStorage();
    const keys = new KeyStore(storage);
    keys.set('openai', 'sk-1', true);
    keys.set('openai', 'sk-1', false);
    expect(storage.map.size).toBe(0);
    keys.set('openai', 'sk-1', true);
    keys.set('openai', '', true);
    expect(storage.map.size).toBe(0);
    expect(keys.get('openai')).toBeUndefined();
    keys.set('openai', 'sk-1', true);
    keys.set('gemini', 'g', false);
    keys.forgetAll();
    expect(storage.map.size).toBe(0);
    expect(keys.get('gemini')).toBeUndefined();
  });

  test('lists every key of the session as a secret, also a replaced one, until all are forgotten', () => {
    const storage = new MapStorage();
    storage.setItem(REMEMBERED_KEYS_ITEM, JSON.stringify({ anthropic: 'sk-ant-remembered' }));
    const keys = new KeyStore(storage);
    keys.set('openai', 'sk-first', false);
    keys.set('openai', 'sk-second', false);
    keys.set('gemini', '  ', false);
    expect([...keys.secrets()].sort()).toEqual(['sk-ant-remembered', 'sk-first', 'sk-second']);
    keys.forgetAll();
    expect(keys.secrets()).toEqual([]);
  });

  test('ignores an unreadable stored value instead of failing', () => {
    const storage = new MapStorage();
    storage.setItem(REMEMBERED_KEYS_ITEM, '{not json');
    expect(new KeyStore(storage).get('openai')).toBeUndefined();
  });
});
