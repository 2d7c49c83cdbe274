import type { ApiReply } from '@voltcart/shared';
import type { Http } from './http';

export const newsletterApi = (http: Http) => ({
  /** Resolves with the server's message (also when the address was already subscribed). */
  subscribe: async (email: string): Promise<ApiReply> =>
    (await http.post<ApiReply>('/newsletter/subscribe', { email })).data,
});

export type NewsletterApi = ReturnType<typeof newsletterApi>;
