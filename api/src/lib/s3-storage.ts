import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import type { Config } from '../config';
import { contentTypeOf, type Folder, SAFE_NAME, type Storage, type StoredObject } from './storage';

export type S3Settings = Pick<
  Config,
  'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_PUBLIC_URL'
>;

/** Names never change (a new upload gets a new random name), so every cache may keep them for a year. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Images in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2, Spaces…), chosen with STORAGE_DRIVER=s3.
 * - Object keys are `<folder>/<name>`; names are checked like on local disk, so no key outside those folders.
 * - With S3_ENDPOINT set (a self-hosted or non-AWS server) requests are path-style (`<endpoint>/<bucket>/<key>`)
 *   and checksums are only sent where S3 requires them, which older compatible servers need.
 * - Without S3_ACCESS_KEY_ID the SDK's default credential chain is used (instance role, env, profile).
 * - With S3_PUBLIC_URL set, image requests redirect to `<S3_PUBLIC_URL>/<folder>/<name>`; otherwise the API
 *   streams them from the bucket.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | null;

  constructor(settings: S3Settings) {
    if (!settings.S3_BUCKET) throw new Error('S3_BUCKET is required when STORAGE_DRIVER=s3');
    if (Boolean(settings.S3_ACCESS_KEY_ID) !== Boolean(settings.S3_SECRET_ACCESS_KEY)) {
      throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
    }
    this.bucket = settings.S3_BUCKET;
    this.publicBase = settings.S3_PUBLIC_URL ? settings.S3_PUBLIC_URL.replace(/\/+$/, '') : null;
    const custom = Boolean(settings.S3_ENDPOINT);
    const options: S3ClientConfig = {
      region: settings.S3_REGION,
      endpoint: settings.S3_ENDPOINT,
      forcePathStyle: custom,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      ...(custom && {
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    };
    if (settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY) {
      options.credentials = {
        accessKeyId: settings.S3_ACCESS_KEY_ID,
        secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
      };
    }
    this.client = new S3Client(options);
  }

  private key(folder: Folder, name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe storage name: ${name}`);
    return `${folder}/${name}`;
  }

  async put(folder: Folder, name: string, data: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(folder, name),
        Body: data,
        ContentLength: data.byteLength,
        ContentType: contentType,
        CacheControl: IMMUTABLE,
      }),
    );
  }

  async get(folder: Folder, name: string): Promise<StoredObject | null> {
    if (!SAFE_NAME.test(name)) return null;
    try {
      const res = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.key(folder, name) }),
      );
      if (!res.Body) return null;
      return {
        body: await res.Body.transformToByteArray(),
        contentType: res.ContentType ?? contentTypeOf(name),
      };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async delete(folder: Folder, name: string): Promise<void> {
    if (!SAFE_NAME.test(name)) return;
    // S3 answers a delete of a missing key with success, so a repeated delete is harmless.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(folder, name) }));
  }

  publicUrl(folder: Folder, name: string): string | null {
    if (!this.publicBase || !SAFE_NAME.test(name)) return null;
    return `${this.publicBase}/${folder}/${name}`;
  }

  /** Closes the client's sockets (tests, shutdown). */
  destroy(): void {
    this.client.destroy();
  }
}

function isMissing(e: unknown): boolean {
  const err = e as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  // A missing bucket is a configuration fault, not a missing image: let it surface.
  if (err?.name === 'NoSuchBucket' || err?.Code === 'NoSuchBucket') return false;
  return (
    err?.name === 'NoSuchKey' ||
    err?.name === 'NotFound' ||
    err?.Code === 'NoSuchKey' ||
    err?.$metadata?.httpStatusCode === 404
  );
}
