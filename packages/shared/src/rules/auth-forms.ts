import { isBlank } from '../contract/define';

export const AUTH_MESSAGES = {
  fillAll: 'Please fill all fields',
  allRequired: 'All fields are required',
  mismatch: 'Passwords do not match',
  loginFailed: 'Login failed. Check your credentials.',
  registerFailed: 'Registration failed. Try again.',
  registered: 'Account created! You are now logged in.',
  invalidEmail: 'Please enter a valid email address',
} as const;

/** bcrypt reads only the first 72 bytes: longer passwords are refused rather than silently truncated. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX_BYTES = 72;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Login form rule, checked before the call: email and password required after trimming → 'Please fill all fields'.
 */
export function loginError(email?: string, password?: string): string | null {
  return isBlank(email) || isBlank(password) ? AUTH_MESSAGES.fillAll : null;
}

/**
 * Admin login form rule, checked before the call: both required, and the email must look like an email.
 */
export function adminLoginError(email?: string, password?: string): string | null {
  if (isBlank(email) || isBlank(password)) return AUTH_MESSAGES.fillAll;
  return EMAIL_PATTERN.test((email ?? '').trim()) ? null : AUTH_MESSAGES.invalidEmail;
}

/**
 * Register form rule, checked before the call.
 * - name, email, password and confirm password required → 'All fields are required'
 * - password and confirmation must match → 'Passwords do not match'
 */
export function registerError(f: {
  name?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
}): string | null {
  if ([f.name, f.email, f.password, f.confirmPassword].some(isBlank)) return AUTH_MESSAGES.allRequired;
  if (f.password !== f.confirmPassword) return AUTH_MESSAGES.mismatch;
  return null;
}
