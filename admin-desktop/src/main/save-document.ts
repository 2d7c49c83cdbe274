import { writeFile } from 'node:fs/promises';
import type { SaveDocument } from '../shared/ipc-contract';

/**
 * The native save dialog, reduced to what we need (injected: Electron's `dialog.showSaveDialog`): the chosen
 * path, or null when cancelled.
 */
export type ShowSaveDialog = (opts: { fileName: string }) => Promise<string | null>;

/**
 * Saves an order's PDF where the member of staff chooses. The input was checked by ipc.ts (a plain `.pdf`
 * name, PDF bytes, bounded size); the path comes from the dialog only, never from the window.
 */
export async function saveDocument(
  doc: SaveDocument,
  showDialog: ShowSaveDialog,
): Promise<{ saved: boolean }> {
  const path = await showDialog({ fileName: doc.fileName });
  if (!path) return { saved: false };
  await writeFile(path, doc.bytes);
  return { saved: true };
}
