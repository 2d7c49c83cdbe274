import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmLeave } from '../stores/dialog';

/**
 * Guards a form with unsaved changes (`dirty`):
 * - leaving it inside the app (a link, the sidebar, Go Back, the browser's back button) asks first, with the
 *   focus on "Stay on this page"; staying keeps everything as typed
 * - closing or reloading the window asks too (the browser's own prompt; in the desktop app the main process
 *   asks, see main/unload-guard.ts)
 * `allowLeave()` lets the next navigation or reload through without asking (after a successful save).
 */
export function useUnsavedChanges(dirty: boolean): { allowLeave: () => void } {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const pass = useRef(false);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (pass.current) {
      pass.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;

  // Keyed by the blocker object, not its state: a Stay quickly followed by another navigation goes
  // blocked → idle → blocked within one render, and must still ask again.
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const asked = blocker;
    void confirmLeave().then((leave) => {
      // A newer question replaced this one (and answered it "no"): that one decides.
      if (blockerRef.current !== asked) return;
      if (leave) asked.proceed();
      else asked.reset();
    });
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirtyRef.current || pass.current) return;
      e.preventDefault();
      // Older engines (and Electron's will-prevent-unload) look at returnValue.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  return {
    allowLeave: () => {
      pass.current = true;
    },
  };
}
