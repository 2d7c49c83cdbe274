import { fieldLabel, isBlank } from '@voltcart/shared';
import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, badRequest } from '../errors';

/**
 * Parses input with a schema; the first problem becomes a 400 whose message names the field and says why.
 * Messages that are already whole sentences (the forms' own, such as 'Please enter city') are kept as they are.
 * A field is named by the label staff see on its form when the schema gives one (`fieldLabel`), else as sent.
 */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const r = schema.safeParse(input);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = issue.path.filter((p) => typeof p === 'string' || typeof p === 'number').join('.');
  let msg = issue.message;
  if (issue.code === 'invalid_type' && /received undefined/.test(msg)) msg = 'is required';
  // zod's generic union failure says nothing useful on its own: name the field instead.
  if (msg === 'Invalid input') msg = 'is missing or not valid';
  const last = String(issue.path.at(-1) ?? '');
  // Whole sentences ('Please enter city') and messages that already name their field are kept as they are.
  const complete = /^[A-Z]/.test(msg) || (last !== '' && msg.startsWith(`${last} `));
  const label = fieldLabel(schema, issue.path);
  throw badRequest(complete || !field ? msg : `${label ?? field} ${msg}`);
}

/**
 * The forms' required-field rule, enforced by the API too: every named field present and not blank, else a 400
 * with the forms' message and the first missing field, e.g. 'Please fill all fields (password is missing).'
 */
export function requireFields(
  body: Record<string, unknown>,
  fields: readonly string[],
  message: string,
): void {
  // Only absence and blank text count as missing; any other value is left for the schema to judge.
  const missing = fields.find((f) => isBlank(body[f]));
  if (missing) throw badRequest(`${message.replace(/\.$/, '')} (${missing} is missing).`);
}

/** Reads a JSON body; anything that is not a JSON object is a 400. */
export async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? '';
  // Multipart bodies may be as large as the upload limit: refused before a byte is read.
  if (/multipart\//i.test(type)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  const text = await c.req.text();
  if (text.trim() === '') return {};
  if (!/json/i.test(type) && !/^\s*[{[]/.test(text)) {
    throw new AppError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw badRequest('The request body must be a JSON object.');
  return body as Record<string, unknown>;
}

/** Reads a multipart or url-encoded form. Fields repeated (e.g. several `images`) arrive as arrays. */
export async function formBody(c: Context): Promise<Record<string, string | File | (string | File)[]>> {
  const type = c.req.header('content-type') ?? '';
  // Multipart first: a boundary string may happen to contain "json".
  if (!/^\s*multipart\//i.test(type) && /json/i.test(type))
    return (await jsonBody(c)) as Record<string, string>;
  if (!/multipart\/form-data|application\/x-www-form-urlencoded/i.test(type)) {
    throw new AppError(415, 'unsupported_media_type', 'Send the form as multipart/form-data.');
  }
  try {
    return await c.req.parseBody({ all: true });
  } catch {
    throw badRequest('The form data could not be read.');
  }
}

/** A JSON body, or a form when the client sends one (colours and settings take either). */
export function jsonOrFormBody(c: Context): Promise<Record<string, unknown>> {
  return /multipart\/form-data|x-www-form-urlencoded/i.test(c.req.header('content-type') ?? '')
    ? formBody(c)
    : jsonBody(c);
}

/** A route id parameter: positive integer, else 404 (an id that cannot exist is simply not found). */
export function idParam(c: Context, name: string, what: string): number {
  const raw = c.req.param(name) ?? '';
  const n = /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n)) throw new AppError(404, 'not_found', `${what} not found.`);
  return n;
}
