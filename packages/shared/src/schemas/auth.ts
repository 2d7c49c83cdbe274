import { z } from 'zod';
import { PASSWORD_MAX_BYTES, PASSWORD_MIN } from '../rules/auth-forms';
import { email, text } from './common';

export const password = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .refine(
    (p) => new TextEncoder().encode(p).length <= PASSWORD_MAX_BYTES,
    `must be at most ${PASSWORD_MAX_BYTES} bytes`,
  );

export const loginBody = z.object({
  email,
  password: z.string({ error: 'is required' }).min(1, 'is required').max(1024, 'is too long'),
});

export const registerBody = z.object({
  name: text(100).min(1, 'is required'),
  email,
  password,
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;

export const newsletterBody = z.object({ email });

/** The sign-up form: the confirmation is checked by the API too ('Passwords do not match'). */
export const registerRequest = registerBody.extend({
  confirmPassword: z.string().max(1024, 'is too long').optional(),
});
