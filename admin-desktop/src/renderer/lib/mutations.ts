import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@voltcart/api-client/http';

/**
 * A write to the API. Once it succeeds, the queries under `stale` (see staleAfter) are invalidated: those on
 * screen load again before the returned promise settles (so a list shows the change by the time its
 * notification appears), the others load when next shown.
 * - `refreshOnRefusal`: also reload after the API refused the write (e.g. a 409 because someone else
 *   changed the item meanwhile), so the screen shows what is there now; not after a network failure, when
 *   the reload would fail too
 */
export function useApiMutation<TVars, TReply>(
  mutationFn: (vars: TVars) => Promise<TReply>,
  stale: readonly QueryKey[],
  opts: { refreshOnRefusal?: boolean } = {},
) {
  const queryClient = useQueryClient();
  const refresh = () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: refresh,
    onError: (error) => {
      if (opts.refreshOnRefusal && error instanceof ApiError && error.status > 0) return refresh();
    },
  });
}
