import { describe, expect, test } from 'vitest';
import {
  dlmGenerationPrompt,
  DLM_DOMAIN,
  NEUTRAL_DOMAIN,
  programDomain,
} from '../../../../src/core/prompts/dlm-generation-prompt.ts';
import { dlmSchema } from '../../../../src/core/datasets/dlm-schema.ts';

describe('the program a prompt names', () => {
  test('an imported population without a description is not called "mothers in India"', () => {
    const imported = { provenance: { kind: 'file' } };
    expect(programDomain(imported)).toBe(NEUTRAL_DOMAIN);
    const prompt = dlmGenerationPrompt({
      goal: 'older first',
      schema: dlmSchema(),
      domain: programDomain(imported),
    }).prompt;
    expect(prompt).not.toMatch(/India/);
  });

  test("the population's own description is used as written; built-in populations keep DLM's setting", () => {
    expect(programDomain({ program: ' calls to new mothers in Nairobi ', provenance: { kind: 'file' } })).toBe(
      'calls to new mothers in Nairobi',
    );
    expect(programDomain({ provenance: { kind: 'generator' } })).toBe(DLM_DOMAIN);
    const prompt = dlmGenerationPrompt({
      goal: 'older first',
      schema: dlmSchema(),
      domain: 'calls to new mothers in Nairobi',
    }).prompt;
    expect(prompt).toContain('calls to new mothers in Nairobi');
  });
});
