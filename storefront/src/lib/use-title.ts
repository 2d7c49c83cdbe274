import { useEffect } from 'react';

/** Sets the page title ("<page> · Voltcart") so each screen is announced and bookmarked sensibly. */
export function useTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = `${title} · Voltcart`;
  }, [title]);
}
