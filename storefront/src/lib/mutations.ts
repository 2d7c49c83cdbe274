import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A write to the API. Once it succeeds, the queries under `stale` (see staleAfter) are invalidated: those on
 * screen load again, the others when next shown (a product page after an order shows the stock left).
 */
export function useApiMutation<TVars, TReply>(
  mutationFn: (vars: TVars) => Promise<TReply>,
  stale: readonly QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
