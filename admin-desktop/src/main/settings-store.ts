import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import {
  type AdminSession,
  type AppSettings,
  apiUrlSchema,
  DEFAULT_API_URL,
  INPUTS,
} from '../shared/ipc-contract';

/** The part of Electron's `safeStorage` we use (injected so this module runs in plain Node). */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plain: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

export interface SettingsStoreOptions {
  /** `app.getPath('userData')`. */
  dir: string;
  safeStorage?: SafeStorageLike | null;
  defaultApiUrl?: string;
}

const storedSession = z.object({
  admin: INPUTS['session:save'].shape.admin.nullable().optional(),
  adminTimeStamp: z.number().nullable().optional(),
  /** The token encrypted by safeStorage, base64. */
  token: z.string().nullable().optional(),
});

async function readJson(path: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch {
    return null;
  }
}

/** Write to a temporary file and rename: a crash never leaves half a file behind. Owner-only permissions. */
async function writeJson(path: string, value: unknown): Promise<void> {
  const tmp = `${path}.${process.pid}.tmp`;
  await writeFile(tmp, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await rename(tmp, path);
}

/**
 * The desktop app's settings (API address) and admin session, as JSON files in the user data folder.
 * - the admin token is encrypted with the operating system's secure storage (safeStorage); where that is not
 *   available it is kept in memory only, so it is never written to disk in clear (log in again after a restart)
 * - the session is restored only when both the admin and the token are stored (never half a session), otherwise
 *   everything is cleared; logout clears the admin, the token and adminTimeStamp together
 */
export function createSettingsStore(opts: SettingsStoreOptions) {
  const settingsPath = join(opts.dir, 'settings.json');
  const sessionPath = join(opts.dir, 'session.json');
  const fallbackUrl = opts.defaultApiUrl ?? DEFAULT_API_URL;
  let memoryToken: string | null = null;

  const canEncrypt = () => {
    try {
      return Boolean(opts.safeStorage?.isEncryptionAvailable());
    } catch {
      return false;
    }
  };

  const store = {
    secureStorage: canEncrypt,

    async getSettings(): Promise<AppSettings> {
      const raw = (await readJson(settingsPath)) as { apiUrl?: unknown } | null;
      const url = apiUrlSchema.safeParse(raw?.apiUrl);
      return { apiUrl: url.success ? url.data : fallbackUrl };
    },

    async setSettings(next: AppSettings): Promise<AppSettings> {
      const apiUrl = apiUrlSchema.parse(next.apiUrl);
      await mkdir(opts.dir, { recursive: true });
      await writeJson(settingsPath, { apiUrl });
      return { apiUrl };
    },

    async loadSession(): Promise<AdminSession | null> {
      const parsed = storedSession.safeParse(await readJson(sessionPath));
      const stored = parsed.success ? parsed.data : null;
      let token: string | null = null;
      if (stored?.token && canEncrypt()) {
        try {
          token = opts.safeStorage!.decryptString(Buffer.from(stored.token, 'base64'));
        } catch {
          token = null;
        }
      } else if (memoryToken) {
        token = memoryToken;
      }
      if (!stored?.admin || !token) {
        await store.clearSession();
        return null;
      }
      return { admin: stored.admin, token, adminTimeStamp: stored.adminTimeStamp ?? Date.now() };
    },

    async saveSession(session: AdminSession): Promise<void> {
      await mkdir(opts.dir, { recursive: true });
      let token: string | null = null;
      if (canEncrypt()) {
        token = opts.safeStorage!.encryptString(session.token).toString('base64');
        memoryToken = null;
      } else {
        memoryToken = session.token;
      }
      await writeJson(sessionPath, { admin: session.admin, adminTimeStamp: session.adminTimeStamp, token });
    },

    async clearSession(): Promise<void> {
      memoryToken = null;
      await rm(sessionPath, { force: true });
    },

    /** The current token, for uploads made by the main process. */
    async token(): Promise<string | null> {
      return (await store.loadSession())?.token ?? null;
    },
  };
  return store;
}

export type SettingsStore = ReturnType<typeof createSettingsStore>;
