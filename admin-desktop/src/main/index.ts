/**
 * Electron entry: the only main-process module that imports `electron`. Everything it wires is a plain,
 * tested module (security.ts, ipc.ts, handlers.ts, settings-store.ts, bulk-upload.ts, app-protocol.ts).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, ipcMain, protocol, safeStorage, session, shell } from 'electron';
import icon from '../../build/icon.png?asset';
import { httpOrigin } from '../shared/csp';
import { EVENTS } from '../shared/ipc-contract';
import { serveAppRequest } from './app-protocol';
import { createBulkUpload } from './bulk-upload';
import { CSV_DIALOG_FILTERS } from './catalog-csv';
import { createHandlers } from './handlers';
import { discoverImageOrigin } from './image-origin';
import { registerIpcHandlers } from './ipc';
import { IMAGE_DIALOG_FILTERS } from './pick-images';
import {
  APP_ORIGIN,
  APP_SCHEME,
  appCsp,
  type CspOrigins,
  hardenContents,
  permissionCheckHandler,
  permissionRequestHandler,
  webPreferences,
  withApiCors,
  withCspHeader,
} from './security';
import { createSettingsStore } from './settings-store';
import { confirmUnload } from './unload-guard';

const here = dirname(fileURLToPath(import.meta.url));
const rendererDir = join(here, '../renderer');
/** Set by `electron-vite dev`: the renderer then comes from the vite dev server. */
const devServerUrl = !app.isPackaged ? (process.env.ELECTRON_RENDERER_URL ?? null) : null;

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);
app.enableSandbox();

let mainWindow: BrowserWindow | null = null;
let origins: CspOrigins = { apiOrigin: null, imageOrigins: [] };

/**
 * Points the CSP at the API in use and at the origin its pictures load from (asked of the API: see
 * image-origin.ts). Runs at start and whenever the address is saved in Settings, whose screen then reloads the
 * window so the new policy applies. An API that is down at start is asked again when the address is saved.
 */
async function followApi(apiUrl: string): Promise<void> {
  const imageOrigin = await discoverImageOrigin(apiUrl);
  origins = { apiOrigin: httpOrigin(apiUrl), imageOrigins: imageOrigin ? [imageOrigin] : [] };
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('second-instance', () => {
    if (mainWindow?.isMinimized()) mainWindow.restore();
    mainWindow?.focus();
  });
  app.on('web-contents-created', (_e, contents) => hardenContents(contents, devServerUrl));
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.whenReady().then(start, (e) => {
    dialog.showErrorBox('Voltcart Admin could not start', String(e));
    app.quit();
  });
}

async function start() {
  const store = createSettingsStore({ dir: app.getPath('userData'), safeStorage });
  await followApi((await store.getSettings()).apiUrl);

  protocol.handle(APP_SCHEME, (request) =>
    serveAppRequest(rendererDir, request.url, {
      'Content-Security-Policy': appCsp(origins),
      'X-Content-Type-Options': 'nosniff',
    }),
  );

  const ses = session.defaultSession;
  ses.setPermissionRequestHandler(permissionRequestHandler);
  ses.setPermissionCheckHandler(permissionCheckHandler);
  ses.webRequest.onHeadersReceived((details, callback) => {
    let headers = details.responseHeaders ?? {};
    headers = withCspHeader(details.url, headers, { ...origins, dev: Boolean(devServerUrl), devServerUrl });
    headers = withApiCors(details.url, headers, origins.apiOrigin);
    callback({ responseHeaders: headers });
  });

  const bulk = createBulkUpload({
    pickFolder: async () => {
      const opts = { title: 'Choose the folder of product photos', properties: ['openDirectory' as const] };
      const r = mainWindow
        ? await dialog.showOpenDialog(mainWindow, opts)
        : await dialog.showOpenDialog(opts);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    connection: async () => ({ apiUrl: (await store.getSettings()).apiUrl, token: await store.token() }),
    emit: (progress) => {
      if (mainWindow && !mainWindow.isDestroyed()) mainWindow.webContents.send(EVENTS.bulkProgress, progress);
    },
  });

  registerIpcHandlers(
    ipcMain,
    createHandlers({
      store,
      bulk,
      showImageDialog: async ({ multiple }) => {
        const opts = {
          title: multiple ? 'Choose images' : 'Choose an image',
          filters: IMAGE_DIALOG_FILTERS,
          properties: multiple ? (['openFile', 'multiSelections'] as const) : (['openFile'] as const),
        };
        const r = mainWindow
          ? await dialog.showOpenDialog(mainWindow, { ...opts, properties: [...opts.properties] })
          : await dialog.showOpenDialog({ ...opts, properties: [...opts.properties] });
        return r.canceled ? [] : r.filePaths;
      },
      showSaveDialog: async ({ fileName }) => {
        const opts = {
          title: 'Save the document',
          defaultPath: join(app.getPath('downloads'), fileName),
          filters: fileName.endsWith('.csv')
            ? [{ name: 'CSV files', extensions: ['csv'] }]
            : [{ name: 'PDF documents', extensions: ['pdf'] }],
        };
        const r = mainWindow
          ? await dialog.showSaveDialog(mainWindow, opts)
          : await dialog.showSaveDialog(opts);
        return r.canceled || !r.filePath ? null : r.filePath;
      },
      showCsvOpenDialog: async () => {
        const opts = {
          title: 'Choose the CSV file',
          filters: CSV_DIALOG_FILTERS,
          properties: ['openFile' as const],
        };
        const r = mainWindow
          ? await dialog.showOpenDialog(mainWindow, opts)
          : await dialog.showOpenDialog(opts);
        return r.canceled ? null : (r.filePaths[0] ?? null);
      },
      showCsvSaveDialog: async (defaultPath) => {
        const opts = { title: 'Save the catalogue CSV', defaultPath, filters: CSV_DIALOG_FILTERS };
        const r = mainWindow
          ? await dialog.showSaveDialog(mainWindow, opts)
          : await dialog.showSaveDialog(opts);
        return r.canceled ? null : (r.filePath ?? null);
      },
      showExportSaveDialog: async (fileName) => {
        const json = fileName.endsWith('.json');
        const opts = {
          title: 'Save the GST export',
          defaultPath: join(app.getPath('downloads'), fileName),
          filters: json ? [{ name: 'JSON files', extensions: ['json'] }] : CSV_DIALOG_FILTERS,
        };
        const r = mainWindow
          ? await dialog.showSaveDialog(mainWindow, opts)
          : await dialog.showSaveDialog(opts);
        return r.canceled ? null : (r.filePath ?? null);
      },
      openExternal: (url) => shell.openExternal(url),
      info: { version: app.getVersion(), platform: process.platform },
      onApiUrlChanged: followApi,
    }),
    devServerUrl,
  );

  createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createWindow();
  });
}

function createWindow() {
  mainWindow = new BrowserWindow({
    width: 1400,
    height: 900,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'Voltcart Admin',
    backgroundColor: '#f4f6fb',
    icon,
    webPreferences: webPreferences(join(here, '../preload/index.cjs')),
  });
  mainWindow.once('ready-to-show', () => mainWindow?.show());
  // A form with unsaved changes holds the window open: ask instead of staying silently.
  mainWindow.webContents.on('will-prevent-unload', (e) =>
    confirmUnload(e, (q) => {
      const opts = { ...q, buttons: [...q.buttons] };
      return mainWindow ? dialog.showMessageBoxSync(mainWindow, opts) : dialog.showMessageBoxSync(opts);
    }),
  );
  mainWindow.on('closed', () => {
    mainWindow = null;
  });
  void mainWindow.loadURL(devServerUrl ?? `${APP_ORIGIN}/`);
}
