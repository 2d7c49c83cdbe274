import { type Client, createClient } from '@voltcart/api-client/client';
import { createHttp } from '@voltcart/api-client/http';

/**
 * The API client of the main process, for one API address and admin token (a bulk upload run).
 * - no overall time limit: uploads of large files are watched for idleness instead (see uploadProductImage)
 * - no redirects: axios' redirect support keeps every byte of a request body in memory to send it again
 *   after a redirect, which would hold whole files in memory; the API never redirects
 */
export function createApiClient(apiUrl: string, token: string | null): Client {
  const http = createHttp({ baseURL: apiUrl, getToken: () => token, timeoutMs: 0 });
  http.defaults.maxRedirects = 0;
  return createClient(http);
}
