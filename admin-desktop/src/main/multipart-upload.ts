import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isRetryableStatus, UploadError } from '../shared/upload-queue';

export interface FileUploadRequest {
  /** Full URL of the API route. */
  url: string;
  method: 'POST' | 'PUT' | 'PATCH';
  token?: string | null;
  /** Form field of the file (`thumbnail`, `images`). */
  field: string;
  filePath: string;
  fileName: string;
  contentType: string;
  signal?: AbortSignal;
  onProgress?: (sent: number, total: number) => void;
  /** No byte in either direction for this long → the upload fails (retryable). */
  idleTimeoutMs?: number;
}

export interface UploadReply {
  status: number;
  body: { flag?: number; msg?: string; [k: string]: unknown };
}

/** Quotes are not allowed inside a Content-Disposition file name; line breaks would end the header. */
const safeFileName = (name: string) => name.replace(/["\\\r\n]/g, '_');

/**
 * Sends one file as multipart/form-data, streaming it from disk: memory use stays at one read buffer whatever
 * the file size, and `onProgress` reports the bytes handed to the socket.
 * - the body length is known in advance (Content-Length), so the API can refuse an oversized file early
 * - the API's `{flag: 0, msg}` or an HTTP error becomes an UploadError with that message; 408/429/5xx and
 *   network failures are retryable, other refusals are not
 * - `signal` cancels while the file is being sent, not after: see onAbort
 */
export async function uploadFileMultipart(req: FileUploadRequest): Promise<UploadReply> {
  const { size } = await stat(req.filePath);
  const boundary = `----voltcart${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${req.field}"; filename="${safeFileName(req.fileName)}"\r\n` +
      `Content-Type: ${req.contentType}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  const total = head.length + size + tail.length;
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;

  if (req.signal?.aborted) throw new UploadError('The upload was cancelled.', false);

  return new Promise<UploadReply>((resolve, reject) => {
    let settled = false;
    const fail = (err: unknown) => {
      if (settled) return;
      settled = true;
      file.destroy();
      outgoing.destroy();
      reject(err);
    };
    const headers: Record<string, string | number> = {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': total,
      Accept: 'application/json',
    };
    if (req.token) headers.Authorization = `Bearer ${req.token}`;
    const outgoing = send(url, { method: req.method, headers });
    const file = createReadStream(req.filePath, {
      start: 0,
      end: Math.max(0, size - 1),
      highWaterMark: 256 * 1024,
    });

    // Once every byte is sent the API is already saving the file: cancelling then would only hide an upload
    // that happened (and a retry would add the picture twice), so the answer is awaited instead.
    const onAbort = () => fail(new UploadError('The upload was cancelled.', false));
    req.signal?.addEventListener('abort', onAbort, { once: true });

    outgoing.setTimeout(req.idleTimeoutMs ?? 60_000, () =>
      fail(new UploadError('The shop server stopped answering during the upload.', true)),
    );
    outgoing.on('error', (e) =>
      fail(
        new UploadError(
          `Cannot reach the shop server (${(e as NodeJS.ErrnoException).code ?? e.message}).`,
          true,
        ),
      ),
    );
    outgoing.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      let length = 0;
      res.on('data', (c: Buffer) => {
        length += c.length;
        if (length <= 1024 * 1024) chunks.push(c);
      });
      res.on('error', (e) => fail(new UploadError(`The upload failed: ${e.message}`, true)));
      res.on('end', () => {
        if (settled) return;
        req.signal?.removeEventListener('abort', onAbort);
        const status = res.statusCode ?? 0;
        let body: UploadReply['body'] = {};
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as UploadReply['body'];
        } catch {
          body = {};
        }
        if (status >= 400 || body.flag === 0) {
          const msg = typeof body.msg === 'string' && body.msg ? body.msg : `The server answered ${status}.`;
          settled = true;
          file.destroy();
          reject(new UploadError(msg, isRetryableStatus(status), status));
          return;
        }
        settled = true;
        resolve({ status, body });
      });
    });

    file.on('error', (e) => fail(new UploadError(`Cannot read ${req.fileName}: ${e.message}`, false)));
    let sent = 0;
    outgoing.write(head);
    sent += head.length;
    req.onProgress?.(sent, total);
    file.on('data', (chunk) => {
      sent += chunk.length;
      if (!outgoing.write(chunk)) {
        file.pause();
        outgoing.once('drain', () => file.resume());
      }
      req.onProgress?.(sent, total);
    });
    file.on('end', () => {
      outgoing.end(tail);
      req.signal?.removeEventListener('abort', onAbort);
      req.onProgress?.(total, total);
    });
  });
}
