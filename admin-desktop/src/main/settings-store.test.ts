import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSettingsStore, type SafeStorageLike } from './settings-store';

/** Stands in for Electron's safeStorage: a reversible transform, so tests can tell cipher from clear text. */
const fakeSafeStorage = (available = true): SafeStorageLike => ({
  isEncryptionAvailable: () => available,
  encryptString: (s) => Buffer.from(`enc:${Buffer.from(s).toString('hex')}`),
  decryptString: (b) => {
    const text = b.toString();
    if (!text.startsWith('enc:')) throw new Error('cannot decrypt');
    return Buffer.from(text.slice(4), 'hex').toString();
  },
});

const admin = { _id: '1', name: 'Admin', email: 'admin@voltcart.in' };
const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.admin.signature';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-settings-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('settings', () => {
  it('defaults to http://localhost:5000 and saves the API address to a JSON file', async () => {
    const store = createSettingsStore({ dir, safeStorage: fakeSafeStorage() });
    expect(await store.getSettings()).toEqual({ apiUrl: 'http://localhost:5000' });
    expect(await store.setSettings({ apiUrl: 'https://api.voltcart.in/' })).toEqual({
      apiUrl: 'https://api.voltcart.in',
    });
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toEqual({
      apiUrl: 'https://api.voltcart.in',
    });
    expect(await createSettingsStore({ dir }).getSettings()).toEqual({ apiUrl: 'https://api.voltcart.in' });
  });

  it('refuses an address that is not http(s) and ignores a damaged file', async () => {
    const store = createSettingsStore({ dir });
    await expect(store.setSettings({ apiUrl: 'ftp://x' })).rejects.toThrow();
    await writeFile(join(dir, 'settings.json'), '{ not json');
    expect(await store.getSettings()).toEqual({ apiUrl: 'http://localhost:5000' });
    await writeFile(join(dir, 'settings.json'), JSON.stringify({ apiUrl: 'javascript:alert(1)' }));
    expect(await store.getSettings()).toEqual({ apiUrl: 'http://localhost:5000' });
  });
});

describe('admin session', () => {
  it('stores admin, token and adminTimeStamp, with the token encrypted by safeStorage', async () => {
    const store = createSettingsStore({ dir, safeStorage: fakeSafeStorage() });
    await store.saveSession({ admin, token: TOKEN, adminTimeStamp: 1_700_000_000_000 });
    const raw = await readFile(join(dir, 'session.json'), 'utf8');
    expect(raw).not.toContain(TOKEN);
    expect(JSON.parse(raw)).toMatchObject({ admin, adminTimeStamp: 1_700_000_000_000 });
    expect((await stat(join(dir, 'session.json'))).mode & 0o077).toBe(0);
    // A new start of the app restores it.
    const again = createSettingsStore({ dir, safeStorage: fakeSafeStorage() });
    expect(await again.loadSession()).toEqual({ admin, token: TOKEN, adminTimeStamp: 1_700_000_000_000 });
    expect(await again.token()).toBe(TOKEN);
  });

  it('is restored only when both admin and token are stored; otherwise everything is cleared', async () => {
    const store = createSettingsStore({ dir, safeStorage: fakeSafeStorage() });
    await writeFile(join(dir, 'session.json'), JSON.stringify({ admin, adminTimeStamp: 5, token: null }));
    expect(await store.loadSession()).toBeNull();
    await expect(stat(join(dir, 'session.json'))).rejects.toThrow();

    await store.saveSession({ admin, token: TOKEN, adminTimeStamp: 5 });
    const stored = JSON.parse(await readFile(join(dir, 'session.json'), 'utf8'));
    await writeFile(join(dir, 'session.json'), JSON.stringify({ ...stored, admin: null }));
    expect(await store.loadSession()).toBeNull();
    await expect(stat(join(dir, 'session.json'))).rejects.toThrow();
  });

  it('a token that cannot be decrypted (another machine or user) ends the session', async () => {
    await writeFile(
      join(dir, 'session.json'),
      JSON.stringify({ admin, adminTimeStamp: 5, token: 'Z2FyYmFnZQ==' }),
    );
    expect(await createSettingsStore({ dir, safeStorage: fakeSafeStorage() }).loadSession()).toBeNull();
  });

  it('logout clears admin, token and adminTimeStamp together', async () => {
    const store = createSettingsStore({ dir, safeStorage: fakeSafeStorage() });
    await store.saveSession({ admin, token: TOKEN, adminTimeStamp: 5 });
    await store.clearSession();
    await expect(stat(join(dir, 'session.json'))).rejects.toThrow();
    expect(await store.loadSession()).toBeNull();
    expect(await store.token()).toBeNull();
  });

  it('without secure storage the token is never written to disk: kept for this run only', async () => {
    const store = createSettingsStore({ dir, safeStorage: fakeSafeStorage(false) });
    expect(store.secureStorage()).toBe(false);
    await store.saveSession({ admin, token: TOKEN, adminTimeStamp: 5 });
    expect(await readFile(join(dir, 'session.json'), 'utf8')).not.toContain(TOKEN);
    expect(await store.loadSession()).toMatchObject({ admin, token: TOKEN });
    // After a restart there is no token, so the session is not restored.
    expect(await createSettingsStore({ dir, safeStorage: null }).loadSession()).toBeNull();
  });
});
