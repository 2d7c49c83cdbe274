import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { DEFAULT_API_URL } from '../shared/ipc-contract';
import { App } from './app/app';
import { setApiUrl } from './lib/api';
import { getBridge } from './lib/bridge';
import { useSession } from './stores/session';
import './styles.css';

async function boot() {
  // Old-style links (#/admin/product) still land on the right screen.
  if (window.location.hash.startsWith('#/')) {
    window.history.replaceState(null, '', window.location.hash.slice(1));
  }
  const bridge = getBridge();
  const { apiUrl } = await bridge.settings.get().catch(() => ({ apiUrl: DEFAULT_API_URL }));
  setApiUrl(apiUrl);
  await useSession.getState().restore();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
