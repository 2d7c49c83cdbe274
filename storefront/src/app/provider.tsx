import { type ReactNode, StrictMode, useEffect } from 'react';
import { refreshSession } from '../stores/session-actions';
import { useSettings } from '../stores/settings-store';

/** App-wide start-up work: shop settings, and a stored session refreshed against the API. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    void useSettings.getState().load();
    void refreshSession();
  }, []);
  return <StrictMode>{children}</StrictMode>;
}
