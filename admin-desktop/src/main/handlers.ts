import { checkConnection } from '../shared/connection-check';
import { type AppInfo, desktopApiUrlProblem } from '../shared/ipc-contract';
import type { BulkUpload } from './bulk-upload';
import { exportCsv, pickCsv, type ShowCsvOpenDialog, type ShowCsvSaveDialog } from './catalog-csv';
import { exportGst, type ShowExportSaveDialog } from './gst-export';
import type { Handlers } from './ipc';
import { pickImages, type ShowImageDialog } from './pick-images';
import { type ShowSaveDialog, saveDocument } from './save-document';
import { openExternalSafely } from './security';
import type { SettingsStore } from './settings-store';

export interface HandlerDeps {
  store: SettingsStore;
  bulk: BulkUpload;
  showImageDialog: ShowImageDialog;
  showSaveDialog: ShowSaveDialog;
  showCsvOpenDialog: ShowCsvOpenDialog;
  showCsvSaveDialog: ShowCsvSaveDialog;
  /** The save dialog of the GST exports (CSV or JSON by the offered name). */
  showExportSaveDialog: ShowExportSaveDialog;
  /** Electron's `shell.openExternal`. */
  openExternal: (url: string) => Promise<void>;
  info: Omit<AppInfo, 'secureStorage' | 'kind'>;
  /** Called after the API address changed (the CSP and CORS rules follow it); awaited before answering. */
  onApiUrlChanged?: (apiUrl: string) => void | Promise<void>;
}

/** Every IPC channel's implementation; inputs arrive already validated by ipc.ts. */
export function createHandlers(deps: HandlerDeps): Handlers {
  return {
    'app:info': () => ({ ...deps.info, kind: 'electron', secureStorage: deps.store.secureStorage() }),
    'app:open-external': (url) => openExternalSafely(url, deps.openExternal),
    'settings:get': () => deps.store.getSettings(),
    'settings:set': async (input) => {
      const problem = desktopApiUrlProblem(input.apiUrl);
      if (problem) throw new Error(problem);
      const saved = await deps.store.setSettings(input);
      await deps.onApiUrlChanged?.(saved.apiUrl);
      return saved;
    },
    'settings:test-connection': (apiUrl) => checkConnection(apiUrl),
    'session:load': () => deps.store.loadSession(),
    'session:save': (session) => deps.store.saveSession(session),
    'session:clear': () => deps.store.clearSession(),
    'files:pick-images': (opts) => pickImages(opts, deps.showImageDialog),
    'files:save-document': (doc) => saveDocument(doc, deps.showSaveDialog),
    'files:pick-csv': () => pickCsv(deps.showCsvOpenDialog),
    'catalog:export-csv': () =>
      exportCsv({
        showSaveDialog: deps.showCsvSaveDialog,
        connection: async () => ({
          apiUrl: (await deps.store.getSettings()).apiUrl,
          token: await deps.store.token(),
        }),
      }),
    'reports:export-gst': (input) =>
      exportGst(input, {
        showSaveDialog: deps.showExportSaveDialog,
        connection: async () => ({
          apiUrl: (await deps.store.getSettings()).apiUrl,
          token: await deps.store.token(),
        }),
      }),
    'bulk:pick-folder': () => deps.bulk.pickFolder(),
    'bulk:start': (input) => deps.bulk.start(input),
    'bulk:cancel': (runId) => deps.bulk.cancel(runId),
    'bulk:retry-failed': (runId) => deps.bulk.retryFailed(runId),
  };
}
