import { type Client, createClient } from '@voltcart/api-client/client';
import {
  fetchCourierLabel,
  fetchOrderDocument,
  fetchPackingSlips,
  fetchReportCsv,
} from '@voltcart/api-client/documents';
import { createHttp } from '@voltcart/api-client/http';
import { type ImageKind, imageUrl } from '@voltcart/shared';
import { DEFAULT_API_URL } from '../../shared/ipc-contract';
import { useSession } from '../stores/session';

let apiUrl = DEFAULT_API_URL;

/** The API address in use (from Settings, loaded once at start-up and after a change). */
export const getApiUrl = () => apiUrl;
export const setApiUrl = (url: string) => {
  apiUrl = url.replace(/\/+$/, '');
};

const http = createHttp({
  baseURL: () => apiUrl,
  getToken: () => useSession.getState().token,
  onUnauthorized: () => useSession.getState().expire(),
});

/** The one API client of the window: every route of the contract as a method (`api.product.get(...)`). */
export const api: Client = createClient(http);

/** An order's tax invoice (or, with `number`, a credit note) as a PDF, with the admin token. */
export const orderDocument = (orderId: string, number?: string) => fetchOrderDocument(http, orderId, number);

/** The label of an order's booked courier as a PDF, with the admin token. */
export const courierLabel = (orderId: string) => fetchCourierLabel(http, orderId);

/** The packing slips of the orders named, one page each, as one PDF, with the admin token. */
export const packingSlips = (orderIds: string[]) => fetchPackingSlips(http, orderIds);

/** A table of the sales report as CSV, with the admin token. */
export const reportCsv = (params: Record<string, string>) => fetchReportCsv(http, params);

/** A picture on the API host in use (see imageUrl); null when there is none (SafeImage shows a placeholder). */
export const imageSrc = (kind: ImageKind, file: string | null | undefined, size?: 'full' | 'sm') =>
  imageUrl(apiUrl, kind, file, size);
