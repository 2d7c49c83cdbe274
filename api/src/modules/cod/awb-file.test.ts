import { describe, expect, it } from 'vitest';
import { readAwbFile } from './awb-file';

describe('readAwbFile', () => {
  it.each([
    ['one AWB a line', 'AWB1\nAWB2\n', ['AWB1', 'AWB2']],
    [
      'a header naming the AWB column',
      'Order,AWB Number,Amount\nX,DL-100,500\nY,DL-101,700\n',
      ['DL-100', 'DL-101'],
    ],
    ['blank rows, spaces and a byte-order mark', '\uFEFF AWB1 \n\n,\nAWB2', ['AWB1', 'AWB2']],
    ['the first column without a header', '123456,500\n123457,600', ['123456', '123457']],
  ])('reads %s', (_, text, expected) => {
    const r = readAwbFile(text);
    expect('awbs' in r && r.awbs.map((a) => a.awb)).toEqual(expected);
  });

  it('refuses the same AWB twice (any case), naming both lines', () => {
    const r = readAwbFile('AWB\nab-1\nAB-2\nAB-1\n');
    expect(r).toEqual({
      error: "AWB AB-1 is in the file twice (lines 2 and 4): a parcel's cash is remitted once.",
      code: 'duplicate_awb',
    });
  });

  it.each([
    ['an empty file', ''],
    ['a header alone', 'AWB\n'],
    ['a cell that is not an AWB', 'AWB1\nDROP TABLE orders;\n'],
  ])('refuses %s', (_, text) => {
    expect('error' in readAwbFile(text)).toBe(true);
  });
});
