import { describe, expect, test } from 'vitest';
import { bucketName } from '../../../../src/core/words/bucket-name.ts';

describe('a bucket named in words', () => {
  test('is its label alone when the label starts with its group, singular or plural', () => {
    expect(bucketName('Ages', 'Ages 51-60')).toBe('Ages 51-60');
    expect(bucketName('Age', 'Ages 51-60')).toBe('Ages 51-60');
    expect(bucketName('Income', 'income 0-5000')).toBe('income 0-5000');
    expect(bucketName('', 'not recorded')).toBe('not recorded');
  });

  test('carries its group otherwise, even when the group appears inside the label', () => {
    expect(bucketName('Languages', 'Speaks Hindi')).toBe('Languages: Speaks Hindi');
    expect(bucketName('district', 'पालघर')).toBe('district: पालघर');
    expect(bucketName('Age', 'Village')).toBe('Age: Village');
  });
});
