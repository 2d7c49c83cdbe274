import type { Transport } from './client';
import { ApiError } from './errors';

export interface OrderDocumentFile {
  blob: Blob;
  /** The file name the API suggests (e.g. `VC-2026-27-000123.pdf`). */
  fileName: string;
}

/**
 * A PDF from a binary route outside the JSON contract, through the same transport: the caller's token goes with
 * it, and a refusal is the API's own message.
 */
async function fetchPdf(
  http: Transport,
  url: string,
  params: Record<string, string> | undefined,
  fallbackName: string,
): Promise<OrderDocumentFile> {
  try {
    const res = await http.request<Blob>({ method: 'GET', url, params, responseType: 'blob' });
    const disposition = String(res.headers['content-disposition'] ?? '');
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
    return { blob: res.data, fileName };
  } catch (e) {
    // The error answer came as a Blob too: read its `{flag: 0, msg}`.
    if (e instanceof ApiError && e.body instanceof Blob) {
      let msg = e.message;
      try {
        const parsed = JSON.parse(await e.body.text()) as { msg?: unknown };
        if (typeof parsed.msg === 'string') msg = parsed.msg;
      } catch {
        // not JSON: keep the status message
      }
      throw new ApiError(msg, e.status, e.code, null);
    }
    throw e;
  }
}

/**
 * An order's tax invoice, or with `number` one of its credit notes, as a PDF (`GET /order/:orderId/invoice`).
 */
export function fetchOrderDocument(
  http: Transport,
  orderId: string,
  number?: string,
): Promise<OrderDocumentFile> {
  return fetchPdf(
    http,
    `/order/${encodeURIComponent(orderId)}/invoice`,
    number ? { number } : undefined,
    `${(number ?? orderId).replace(/\//g, '-')}.pdf`,
  );
}

/** The label of an order's booked courier as a PDF (`GET /order/:orderId/courier/label`). */
export function fetchCourierLabel(http: Transport, orderId: string): Promise<OrderDocumentFile> {
  return fetchPdf(
    http,
    `/order/${encodeURIComponent(orderId)}/courier/label`,
    undefined,
    `label-${orderId}.pdf`,
  );
}

/** The packing slips of the orders named (1–200), one page each, as one PDF (`GET /order/packing-slips`). */
export function fetchPackingSlips(http: Transport, orderIds: string[]): Promise<OrderDocumentFile> {
  return fetchPdf(http, '/order/packing-slips', { ids: orderIds.join(',') }, 'packing-slips.pdf');
}

/** One table of the sales report as CSV (`GET /reports/sales.csv`): the period's query and `table`. */
export function fetchReportCsv(http: Transport, params: Record<string, string>): Promise<OrderDocumentFile> {
  return fetchPdf(http, '/reports/sales.csv', params, `voltcart-${params.table ?? 'report'}.csv`);
}
