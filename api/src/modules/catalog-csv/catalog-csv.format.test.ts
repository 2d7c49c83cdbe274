import { describe, expect, it } from 'vitest';
import { csvCell, fromCell, headerProblem } from './catalog-csv.format';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    [1999.5, '1999.5'],
    ['=cmd|"/C calc"!A0', `"'=cmd|""/C calc""!A0"`],
    ['+91 98765', "'+91 98765"],
    ['-5 bullet', "'-5 bullet"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTabbed', "'\tTabbed"],
    ['\rCR', `"'\rCR"`],
    ['a,b', '"a,b"'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
  ])('writes %j as %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('fromCell', () => {
  it.each([
    ["'=1+2", '=1+2'],
    ["'@x", '@x'],
    ["'plain", "'plain"],
    ['=1+2', '=1+2'],
  ])('reads %j as %j', (cell, value) => {
    expect(fromCell(cell)).toBe(value);
  });
});

describe('headerProblem', () => {
  it('names what is missing, unknown and repeated', () => {
    expect(headerProblem(['handle', 'qty', 'qty'])).toMatch(
      /missing name, .*pictures; unknown "qty", "qty"; repeated qty\.$/,
    );
  });
});
