/**
 * The only bridge between the sandboxed page and the main process: `window.voltcart`.
 * It exposes functions, never ipcRenderer itself, and `satisfies` the shared contract so a missing or
 * mistyped method is a compile error.
 */
import { contextBridge, type IpcRendererEvent, ipcRenderer } from 'electron';
import {
  type BulkProgress,
  CHANNELS,
  type Channel,
  type ChannelResults,
  EVENTS,
  type VoltcartBridge,
} from '../shared/ipc-contract';

/** Electron prefixes errors from handlers ("Error invoking remote method 'x': Error: …"): keep the message. */
function cleanError(e: unknown): Error {
  const raw = e instanceof Error ? e.message : String(e);
  return new Error(raw.replace(/^Error invoking remote method '[^']+': (?:\w*Error: |\w+: )?/, ''));
}

async function invoke<C extends Channel>(channel: C, input?: unknown): Promise<ChannelResults[C]> {
  try {
    return (await (input === undefined
      ? ipcRenderer.invoke(channel)
      : ipcRenderer.invoke(channel, input))) as ChannelResults[C];
  } catch (e) {
    throw cleanError(e);
  }
}

const bridge = {
  kind: 'electron',
  app: {
    info: () => invoke(CHANNELS.appInfo),
    openExternal: (url) => invoke(CHANNELS.openExternal, url),
  },
  settings: {
    get: () => invoke(CHANNELS.settingsGet),
    set: (settings) => invoke(CHANNELS.settingsSet, settings),
    testConnection: (apiUrl) => invoke(CHANNELS.settingsTest, apiUrl),
  },
  session: {
    load: () => invoke(CHANNELS.sessionLoad),
    save: (session) => invoke(CHANNELS.sessionSave, session),
    clear: () => invoke(CHANNELS.sessionClear),
  },
  files: {
    pickImages: (opts) => invoke(CHANNELS.pickImages, opts),
    saveDocument: (doc) => invoke(CHANNELS.saveDocument, doc),
    pickCsv: () => invoke(CHANNELS.pickCsv),
  },
  catalog: {
    exportCsv: () => invoke(CHANNELS.exportCsv),
  },
  reports: {
    exportGst: (input) => invoke(CHANNELS.exportGst, input),
  },
  bulk: {
    pickFolder: () => invoke(CHANNELS.bulkPickFolder),
    start: (input) => invoke(CHANNELS.bulkStart, input),
    cancel: (runId) => invoke(CHANNELS.bulkCancel, runId),
    retryFailed: (runId) => invoke(CHANNELS.bulkRetryFailed, runId),
    onProgress: (listener) => {
      const handler = (_e: IpcRendererEvent, p: BulkProgress) => listener(p);
      ipcRenderer.on(EVENTS.bulkProgress, handler);
      return () => {
        ipcRenderer.removeListener(EVENTS.bulkProgress, handler);
      };
    },
  },
} satisfies VoltcartBridge;

contextBridge.exposeInMainWorld('voltcart', bridge);
