import type { Transport } from './client';
import { ApiError } from './errors';

export interface OrderDocumentFile {
  blob: Blob;
  /** The file name the API suggests (e.g. `VC-2026-27-000123.pdf`). */
  fileName: string;
}

/**
 * An order's tax invoice, or with `number` one of its credit notes, as a PDF. Binary, so outside the JSON
 * contract (`GET /order/:orderId/invoice`), but through the same transport: the caller's token goes with it,
 * and a refusal is the API's own message.
 */
export async function fetchOrderDocument(
  http: Transport,
  orderId: string,
  number?: string,
): Promise<OrderDocumentFile> {
  try {
    const res = await http.request<Blob>({
      method: 'GET',
      url: `/order/${encodeURIComponent(orderId)}/invoice`,
      params: number ? { number } : undefined,
      responseType: 'blob',
    });
    const disposition = String(res.headers['content-disposition'] ?? '');
    const fileName =
      /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${(number ?? orderId).replace(/\//g, '-')}.pdf`;
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
