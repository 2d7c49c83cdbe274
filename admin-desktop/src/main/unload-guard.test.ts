// Closing or reloading the desktop window over unsaved changes: the page's beforeunload holds it, Electron
// emits 'will-prevent-unload', and the main process asks; Stay is the default, Leave lets it close.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { confirmUnload, UNLOAD_QUESTION } from './unload-guard';

function unloadEvent() {
  const e = {
    prevented: false,
    preventDefault: () => {
      e.prevented = true;
    },
  };
  return e;
}

describe('confirmUnload', () => {
  it('asks, with Stay as the default and the Escape answer', () => {
    const asked: unknown[] = [];
    const e = unloadEvent();
    expect(
      confirmUnload(e, (q) => {
        asked.push(q);
        return q.cancelId;
      }),
    ).toBe(false);
    expect(e.prevented).toBe(false);
    expect(asked).toEqual([UNLOAD_QUESTION]);
    expect(UNLOAD_QUESTION.buttons[UNLOAD_QUESTION.defaultId]).toBe('Stay on this page');
  });

  it('lets the window close or reload when staff choose to leave', () => {
    const e = unloadEvent();
    expect(confirmUnload(e, (q) => q.buttons.indexOf('Leave without saving'))).toBe(true);
    expect(e.prevented).toBe(true);
  });

  it('is wired to the window', async () => {
    const here = dirname(fileURLToPath(import.meta.url));
    const index = await readFile(join(here, 'index.ts'), 'utf8');
    expect(index).toMatch(/webContents\.on\('will-prevent-unload', \(e\) =>\s+confirmUnload\(e,/);
  });
});
