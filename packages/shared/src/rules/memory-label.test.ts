import { describe, expect, it } from 'vitest';
import { memoryLabel, optionsLabel } from './memory-label';

describe('memoryLabel', () => {
  it.each([
    [64, '64 GB'],
    [512, '512 GB'],
    [1024, '1 TB'],
    [2048, '2 TB'],
    [1536, '1536 GB'],
  ])('%d GB → %s', (gb, label) => {
    expect(memoryLabel(gb)).toBe(label);
  });
});

describe('optionsLabel', () => {
  it.each([
    ['Crimson Red', 1024, 'Crimson Red · 1 TB'],
    ['Crimson Red', null, 'Crimson Red'],
    [null, 256, '256 GB'],
    [null, null, ''],
  ] as const)('%s, %s → "%s"', (color, memory, label) => {
    expect(optionsLabel(color, memory)).toBe(label);
  });
});
