import { HTTPException } from 'hono/http-exception';
import { describe, expect, it } from 'vitest';
import { AppError, notFound, toErrorResponse } from './errors';

describe('toErrorResponse', () => {
  it.each([
    {
      name: 'an AppError: its status, code, message and extra fields',
      err: new AppError(409, 'insufficient_stock', 'Only 2 left in stock for Phone.', { available: 2 }),
      status: 409,
      body: { flag: 0, msg: 'Only 2 left in stock for Phone.', code: 'insufficient_stock', available: 2 },
      headers: {},
      logged: undefined,
    },
    {
      name: 'a helper-made AppError',
      err: notFound('Order'),
      status: 404,
      body: { flag: 0, msg: 'Order not found.', code: 'not_found' },
      headers: {},
      logged: undefined,
    },
    {
      name: "hono's HTTPException: its status, code http_error",
      err: new HTTPException(405, { message: 'Method not allowed' }),
      status: 405,
      body: { flag: 0, msg: 'Method not allowed', code: 'http_error' },
      headers: {},
      logged: undefined,
    },
    {
      name: 'an HTTPException without a message: a fixed one',
      err: new HTTPException(400),
      status: 400,
      body: { flag: 0, msg: 'The request could not be handled.', code: 'http_error' },
      headers: {},
      logged: undefined,
    },
    {
      name: 'the database unreachable: 503 unavailable, an error in the log',
      err: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' }),
      status: 503,
      body: {
        flag: 0,
        msg: 'The shop is temporarily unavailable. Please try again in a moment.',
        code: 'unavailable',
      },
      headers: {},
      logged: 'error',
    },
    {
      name: 'a connection lost under the query (mysql2 fatal): 503 unavailable',
      err: Object.assign(new Error("Can't add new command when connection is in closed state"), {
        fatal: true,
      }),
      status: 503,
      body: { code: 'unavailable' },
      headers: {},
      logged: 'error',
    },
    {
      name: 'a deadlock the retries did not win: 503 busy, Retry-After, a warning',
      err: Object.assign(new Error('Deadlock found'), { errno: 1213, code: 'ER_LOCK_DEADLOCK' }),
      status: 503,
      body: { flag: 0, msg: 'The shop is busy right now. Please try again in a moment.', code: 'busy' },
      headers: { 'Retry-After': '1' },
      logged: 'warn',
    },
    {
      name: 'anything else: 500 internal with a fixed message, never the error text',
      err: new TypeError("Cannot read properties of undefined (reading 'secret')"),
      status: 500,
      body: { flag: 0, msg: 'Something went wrong on our side. Please try again.', code: 'internal' },
      headers: {},
      logged: 'error',
    },
  ])('$name', ({ err, status, body, headers, logged }) => {
    const r = toErrorResponse(err);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject(body);
    expect(r.headers).toEqual(headers);
    expect(r.log?.level).toBe(logged);
    if (status === 500) expect(JSON.stringify(r.body)).not.toMatch(/secret/);
  });

  it('keeps the details of an unexpected error for the log', () => {
    const err = new Error('boom');
    expect(toErrorResponse(err).log).toEqual({
      level: 'error',
      msg: 'unhandled error',
      fields: { error: 'boom', stack: err.stack },
    });
  });
});
