import { MAX_IMPORT_BYTES } from '@voltcart/shared';

export const CSV_MESSAGES = {
  previewed: (n: number, errors: number) =>
    errors
      ? `The file has ${errors} row ${errors === 1 ? 'error' : 'errors'}: fix ${errors === 1 ? 'it' : 'them'} and upload the file again.`
      : `The file has ${n} ${n === 1 ? 'row' : 'rows'}, ready to apply.`,
  tooLarge: (bytes: number) =>
    `The file is ${(bytes / 1024 / 1024).toFixed(1)} MB; a catalogue CSV may be at most ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split it into several files.`,
  notUtf8: (line: number) =>
    `The file is not UTF-8 text (line ${line} has bytes of another encoding). Save it as "CSV UTF-8" and upload it again.`,
  noFile: 'Choose a CSV file to import (form field "file").',
  empty: 'The file has no rows below its header line.',
  invalid: 'This file has row errors and cannot be applied: fix them and upload the file again.',
  batchApplied: (done: number, of: number) =>
    done >= of ? 'Import finished.' : `Batch ${done} of ${of} applied.`,
} as const;
