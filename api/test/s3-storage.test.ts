// Covers: the S3 image storage against a real S3-compatible server (s3rver on loopback): put/get/delete,
// cache headers, missing objects, public addresses, unsafe names, a missing bucket, and driver selection.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { IMMUTABLE, type S3Settings, S3Storage } from '../src/lib/s3-storage';
import { createStorage } from '../src/runtime';

interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
// s3rver ships no types; it is a CommonJS class.
const S3rver = createRequire(import.meta.url)('s3rver') as new (opts: object) => S3rverInstance;

const BUCKET = 'voltcart-test';
let server: S3rverInstance;
let dir: string;
let endpoint: string;
let settings: S3Settings;
let storage: S3Storage;

const name = (suffix = '.webp') => `${randomBytes(16).toString('hex')}${suffix}`;
const bytes = (n: number) => new Uint8Array(randomBytes(n));

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'vc-s3-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  settings = {
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_PUBLIC_URL: undefined,
  };
  storage = new S3Storage(settings);
});

afterAll(async () => {
  storage?.destroy();
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('S3Storage', () => {
  it('stores an image under <folder>/<name> and reads back the same bytes and type', async () => {
    const n = name();
    const data = bytes(50_000);
    await storage.put('product', n, data, 'image/webp');
    const got = await storage.get('product', n);
    expect(got).not.toBeNull();
    expect(got!.contentType).toBe('image/webp');
    expect(Buffer.from(got!.body).equals(Buffer.from(data))).toBe(true);
    // The same name in the other folder is a different object.
    expect(await storage.get('categories', n)).toBeNull();
  });

  it('marks stored objects as cacheable for a year (names never change)', async () => {
    const n = name('-sm.webp');
    await storage.put('categories', n, bytes(100), 'image/webp');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    });
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: `categories/${n}` }));
      expect(head.CacheControl).toBe(IMMUTABLE);
      expect(head.ContentType).toBe('image/webp');
      expect(head.ContentLength).toBe(100);
    } finally {
      client.destroy();
    }
  });

  it('answers null for a missing object', async () => {
    expect(await storage.get('product', name())).toBeNull();
  });

  it('deletes an object, and deleting it again is harmless', async () => {
    const n = name('.jpg');
    await storage.put('product', n, bytes(10), 'image/jpeg');
    expect(await storage.get('product', n)).not.toBeNull();
    await storage.delete('product', n);
    expect(await storage.get('product', n)).toBeNull();
    await expect(storage.delete('product', n)).resolves.toBeUndefined();
  });

  it('refuses names that could reach outside the image folders', async () => {
    await expect(storage.put('product', '../secret.webp', bytes(1), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.put('product', 'x/../../a.webp', bytes(1), 'image/webp')).rejects.toThrow(/unsafe/);
    expect(await storage.get('product', '../secret.webp')).toBeNull();
    expect(storage.publicUrl('product', '../secret.webp')).toBeNull();
  });

  it('serves through the API (null address) unless S3_PUBLIC_URL is set, then gives the public address', async () => {
    const n = name();
    expect(storage.publicUrl('product', n)).toBeNull();
    const pub = new S3Storage({ ...settings, S3_PUBLIC_URL: `${endpoint}/${BUCKET}/` });
    try {
      const url = pub.publicUrl('product', n);
      expect(url).toBe(`${endpoint}/${BUCKET}/product/${n}`);
      // The address really serves the object (s3rver allows anonymous reads, like a public-read bucket).
      const data = bytes(321);
      await pub.put('product', n, data, 'image/webp');
      const res = await fetch(url!);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(data))).toBe(true);
    } finally {
      pub.destroy();
    }
  });

  it('fails loudly when the bucket does not exist instead of pretending images are missing', async () => {
    const wrong = new S3Storage({ ...settings, S3_BUCKET: 'no-such-bucket' });
    try {
      await expect(wrong.get('product', name())).rejects.toThrow();
    } finally {
      wrong.destroy();
    }
  });

  it('is chosen by STORAGE_DRIVER=s3 and needs both halves of a key pair', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      JWT_SECRET: 'x'.repeat(32),
      STORAGE_DRIVER: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      UPLOAD_DIR: dir,
    });
    const chosen = await createStorage(config);
    expect(chosen).toBeInstanceOf(S3Storage);
    const n = name();
    await chosen.put('categories', n, bytes(5), 'image/webp');
    expect((await storage.get('categories', n))?.body.byteLength).toBe(5);
    (chosen as S3Storage).destroy();
    expect(() => new S3Storage({ ...settings, S3_SECRET_ACCESS_KEY: undefined })).toThrow(/together/);
  });
});
