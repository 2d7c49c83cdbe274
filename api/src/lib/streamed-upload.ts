import { Readable } from 'node:stream';
import busboy from 'busboy';
import type { Context } from 'hono';
import { AppError, badRequest } from '../errors';

export interface StreamedUpload {
  /** The file's name as the browser sent it. */
  filename: string;
  /** Its bytes as they arrive: read it to the end (or stop reading, which ends the upload). */
  file: AsyncIterable<Uint8Array>;
  /** The form's text fields, complete once the whole form has been read. */
  fields: Promise<Record<string, string>>;
}

const UNREADABLE = 'The form data could not be read.';

/**
 * The one file of a multipart form (field `field`), read as it arrives instead of parsed whole: a form of tens of
 * megabytes parsed in one go holds every other request up for seconds, and sits in memory two or three times.
 * - resolves once the file begins (null when the form ends without it); other files are skipped
 * - text fields are collected as they come, before or after the file (at most 20, of 1 KB each)
 * - anything but multipart/form-data: 415, as for other forms; a malformed form: 400
 */
export function streamedUpload(c: Context, field: string): Promise<StreamedUpload | null> {
  const type = c.req.header('content-type') ?? '';
  if (!/^\s*multipart\/form-data/i.test(type))
    throw new AppError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.');
  const body = c.req.raw.body;
  if (!body) throw badRequest(UNREADABLE);
  let form: busboy.Busboy;
  try {
    form = busboy({ headers: { 'content-type': type }, limits: { fields: 20, fieldSize: 1024 } });
  } catch {
    throw badRequest(UNREADABLE);
  }
  const fields: Record<string, string> = {};
  const done = new Promise<Record<string, string>>((resolve, reject) => {
    form.on('close', () => resolve(fields));
    form.on('error', () => reject(badRequest(UNREADABLE)));
  });
  // Awaited by whoever reads the fields; a form that fails after its file was read fails there.
  done.catch(() => {});
  return new Promise((resolve, reject) => {
    let found = false;
    form.on('field', (name, value) => {
      fields[name] = value;
    });
    form.on('file', (name, stream, info) => {
      if (found || name !== field) {
        stream.resume();
        return;
      }
      found = true;
      resolve({ filename: info.filename ?? '', file: stream, fields: done });
    });
    done.then(
      () => resolve(null),
      (e) => reject(e),
    );
    Readable.fromWeb(body as import('node:stream/web').ReadableStream).pipe(form);
  });
}
