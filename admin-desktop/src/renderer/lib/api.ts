import { adminApi } from '@voltcart/api-client/admin';
import { adminCatalogApi } from '@voltcart/api-client/admin-catalog';
import { adminOrdersApi } from '@voltcart/api-client/admin-orders';
import { createHttp } from '@voltcart/api-client/http';
import { DEFAULT_API_URL } from '../../shared/ipc-contract';
import { useSession } from '../stores/session';

let apiUrl = DEFAULT_API_URL;

/** The API address in use (from Settings, loaded once at start-up and after a change). */
export const getApiUrl = () => apiUrl;
export const setApiUrl = (url: string) => {
  apiUrl = url.replace(/\/+$/, '');
};

export const http = createHttp({
  baseURL: () => apiUrl,
  getToken: () => useSession.getState().token,
  onUnauthorized: () => useSession.getState().expire(),
});

export const adminClient = adminApi(http);
export const catalog = adminCatalogApi(http);
export const ordersClient = adminOrdersApi(http);

/** Image addresses on the API host (seed §7); '' when there is no file. */
export const productImageUrl = (file: string | null | undefined, small = false) =>
  file ? `${apiUrl}/images/product/${small ? 'sm/' : ''}${encodeURIComponent(file)}` : '';
export const categoryImageUrl = (file: string | null | undefined) =>
  file ? `${apiUrl}/images/categories/${encodeURIComponent(file)}` : '';
