/// <reference types="vite/client" />
import type { VoltcartBridge } from '../shared/ipc-contract';

declare global {
  interface Window {
    /** Set by the Electron preload; absent in a browser. */
    voltcart?: VoltcartBridge;
    /** Set by /config.js in the browser build. */
    __VOLTCART__?: { apiUrl?: string };
  }
}
