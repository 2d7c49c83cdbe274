import { queryOptions } from '@tanstack/react-query';
import type { ReviewState } from '@voltcart/shared';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';

/** The moderation queue's reads and writes (its own keys: nothing else in the back office shows reviews). */
const reviewKeys = {
  all: ['reviews'] as const,
  list: (status: ReviewState | undefined, page: number) => ['reviews', status ?? 'all', page] as const,
};

export const reviewQueue = (status: ReviewState | undefined, page: number) =>
  queryOptions({
    queryKey: reviewKeys.list(status, page),
    queryFn: async ({ signal }) => {
      const { reviews, hasMore, total, pending } = await api.review.queue(
        { query: { status, page } },
        { signal },
      );
      return { reviews, hasMore, total, pending };
    },
  });

type Decision =
  | { id: string; action: 'approve' }
  | { id: string; action: 'reject'; reason: string }
  | { id: string; action: 'reply'; reply: string };

/** Approve, reject (with the reason the shopper sees) or reply; the queue and the history reload after. */
export function useModerate() {
  return useApiMutation(
    (d: Decision) => {
      const params = { reviewId: d.id };
      if (d.action === 'approve') return api.review.approve({ params });
      if (d.action === 'reject') return api.review.reject({ params, body: { reason: d.reason } });
      return api.review.reply({ params, body: { reply: d.reply } });
    },
    [reviewKeys.all, ['audit']],
  );
}
