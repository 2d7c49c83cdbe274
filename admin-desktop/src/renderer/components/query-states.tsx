import type { UseQueryResult } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import type { ReactNode } from 'react';
import { ErrorBox, Spinner } from './states';

/** Still loading with nothing to show yet (a later load keeps what is on screen). */
export const isFirstLoad = (query: UseQueryResult) => query.isFetching && query.data === undefined;

/**
 * What a list shows: a failed load empties the list (its message is shown above it, never as a
 * notification); a list already on screen stays while it loads again.
 */
export function rowsOf<T, R>(query: UseQueryResult<T>, pick: (data: T) => R[]): R[] {
  if ((query.error && !query.isFetching) || query.data === undefined) return [];
  return pick(query.data);
}

/**
 * A list's body: the spinner while it first loads, `empty` (a .empty paragraph) when it has no rows, else the
 * list itself.
 */
export function ListBody(props: {
  query: UseQueryResult;
  count: number;
  empty: ReactNode;
  children: ReactNode;
}) {
  if (isFirstLoad(props.query)) return <Spinner />;
  if (props.count === 0) return <p className="empty">{props.empty}</p>;
  return props.children;
}

/** A failed load's message with "Try again"; hidden while it loads again. */
export function QueryError(props: { query: UseQueryResult }) {
  const { query } = props;
  if (!query.error || query.isFetching) return null;
  return <ErrorBox message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
}

/** The small spinner of a list's toolbar while a list already on screen loads again. */
export function Reloading(props: { query: UseQueryResult }) {
  return props.query.isFetching && props.query.data !== undefined ? (
    <span className="spinner" role="status" aria-label="Loading" />
  ) : null;
}

/**
 * The item an edit form starts from, loaded afresh each time the form opens: the fields must start from what
 * the API has now, never from an older copy in the cache. The form is mounted once it has loaded (keyed by
 * the item, so its fields start filled in); without an item (an add form) it shows at once.
 */
export function LoadForEdit<T>(props: {
  query: UseQueryResult<T>;
  editing: boolean;
  children: (current: T | null) => ReactNode;
}) {
  const { query, editing } = props;
  if (!editing) return props.children(null);
  if (!query.isFetchedAfterMount || (query.isError && query.isFetching)) return <Spinner />;
  if (query.isError) return <QueryError query={query} />;
  return props.children(query.data ?? null);
}
