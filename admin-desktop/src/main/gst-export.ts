import { GST_EXPORT_FILES, gstExportName, type Input, type SavedExport } from '../shared/ipc-contract';
import { type ExportDeps, exportToFile } from './catalog-csv';

/** The native save dialog for an export (injected: `dialog.showSaveDialog`, filters by the name's extension). */
export type ShowExportSaveDialog = (fileName: string) => Promise<string | null>;

/**
 * Saves a GST export of a period (sales register, GSTR-1 JSON or a section's CSV, HSN summary, e-way bill helper)
 * where staff choose, streamed to disk as the API writes it (a quarter of orders never sits in memory). The
 * input was checked by ipc.ts (a known file, a month or quarter); the API checks the period and the permission.
 */
export function exportGst(
  input: Input<'reports:export-gst'>,
  deps: Omit<ExportDeps, 'today' | 'showSaveDialog'> & { showSaveDialog: ShowExportSaveDialog },
): Promise<SavedExport | null> {
  return exportToFile(deps, {
    apiPath: `/reports/gst/${GST_EXPORT_FILES[input.file].path}?period=${encodeURIComponent(input.period)}`,
    fileName: gstExportName(input.file, input.period),
    loggedOut: 'Log in again to export the GST files.',
  });
}
