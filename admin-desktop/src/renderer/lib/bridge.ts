import type { VoltcartBridge } from '../../shared/ipc-contract';
import { type BrowserBridge, createBrowserBridge } from '../bridge/browser-bridge';

let bridge: VoltcartBridge | null = null;

/** The Electron preload's `window.voltcart`, or the browser implementation of the same contract. */
export function getBridge(): VoltcartBridge {
  bridge ??= window.voltcart ?? createBrowserBridge();
  return bridge;
}

export function isBrowserBridge(b: VoltcartBridge): b is BrowserBridge {
  return b.kind === 'browser';
}

/** Saves a file the API sent (an invoice, a label…) where staff choose; false when they cancel the dialog. */
export async function saveDownload(
  file: { fileName: string; blob: Blob },
  fileName = file.fileName,
): Promise<boolean> {
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  return (await getBridge().files.saveDocument({ fileName, bytes })).saved;
}
