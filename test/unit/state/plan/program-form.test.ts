// The program form's capacities file: parsed once when she picks it, the same settings on her click.
import { describe, expect, test } from 'vitest';
import { capacitiesOf, defaultProgram, programSettings } from '../../../../src/state/plan/program-form.ts';

describe('a capacities file on the program form', () => {
  test('is parsed once per file; a file of another name or text is parsed again, its errors under its name', () => {
    const file = { fileName: 'caps.csv', text: 'worker,capacity\nAsha,3\nBina,5\n' };
    const parsed = capacitiesOf(file);
    expect(capacitiesOf({ ...file })).toBe(parsed);
    const form = { ...defaultProgram(), ownerColumn: 'worker', capacityFile: file };
    const result = programSettings(form, 1, ['worker']);
    expect(result).toMatchObject({ ok: true, settings: { workers: { capacity: { Asha: 3, Bina: 5 } } } });
    const bad = { fileName: 'other.csv', text: 'worker,capacity\nAsha,lots\n' };
    expect(capacitiesOf(bad)).not.toBe(parsed);
    const wrong = programSettings({ ...form, capacityFile: bad }, 1, ['worker']);
    expect(wrong.ok).toBe(false);
    expect(JSON.stringify(wrong)).toContain('other.csv');
    expect(capacitiesOf({ ...file, fileName: 'renamed.csv' })).not.toBe(parsed);
  });
});
