import { z } from 'zod';
import { loginBody, password } from './auth';
import { email, text } from './common';

/** A device token from an earlier login (lib/rate-limit.ts on the API): the login is not a stranger's. */
const device = z.string().max(400, 'is too long').optional();

/** A secret from a mail's link (a password reset, an e-mail change, an account deletion). */
const linkToken = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'is not a link we sent');

const sixDigits = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{6}$/, 'must be the 6 digits');

export const customerLoginBody = loginBody.extend({ device });

/** Staff login: `code` is the authenticator app's 6 digits, or a recovery code, once two-step sign-in is on. */
export const adminLoginBody = loginBody.extend({
  device,
  code: z.string().trim().max(32, 'is too long').optional(),
});

export const emailBody = z.object({ email });
export const resetPasswordBody = z.object({ token: linkToken, password });
export const codeLoginBody = z.object({ email, code: sixDigits, device });
export const linkTokenBody = z.object({ token: linkToken });
export const profileBody = z.object({ name: text(100).min(1, 'is required') });
/** The profile's switch for reminder mails (a cart left waiting, a review request after delivery). */
export const reminderMailsBody = z.object({
  on: z.boolean({ error: 'must be true or false' }).meta({ label: 'Reminder mails' }),
});
/** The "Stop reminder mails" link of a reminder mail: the account's number and its signature. */
export const reminderStopBody = z.object({
  token: z
    .string({ error: 'is required' })
    .trim()
    .regex(/^\d{1,15}\.[A-Za-z0-9_-]{43}$/, 'is not a link we sent'),
});
export const changeEmailBody = z.object({
  email,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
});
export const changePasswordBody = z.object({
  currentPassword: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
  password,
});
export const twoStepCodeBody = z.object({ code: sixDigits });
export const staffSecurityBody = z.object({
  twoStepRequired: z.boolean({ error: 'must be true or false' }),
});

export type AdminLoginBody = z.infer<typeof adminLoginBody>;
export type CustomerLoginBody = z.infer<typeof customerLoginBody>;
