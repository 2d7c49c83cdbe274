import { ApiError } from '@voltcart/api-client/errors';
import { AUTH_MESSAGES, loginError, PASSWORD_MIN, registerError } from '@voltcart/shared';
import { type FormEvent, useId, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { startShopperSession as startSession } from '../../lib/wishlist';
import { notify } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import { afterLoginPath, keepDevice, storedDevice } from './after-login';
import './account.css';

type Mode = 'login' | 'register';

/**
 * Why a sign-up failed, in words for the shopper (never a raw server sentence naming a field): a taken address
 * offers the way back, a refused field says what to change.
 */
function registerFailureMessage(e: unknown): string {
  if (!(e instanceof ApiError)) return AUTH_MESSAGES.registerFailed;
  if (e.code === 'email_taken')
    return 'An account with this e-mail already exists. Log in or reset your password.';
  if (e.status === 429 || e.status === 0 || e.status >= 500) return e.message;
  if (/^email\b/.test(e.message)) return 'Please enter a valid e-mail address.';
  if (/^password\b/.test(e.message))
    return `Choose a password of at least ${PASSWORD_MIN} characters (a shorter phrase if it uses many accents or symbols).`;
  if (/^name\b/.test(e.message)) return 'Please enter your name (up to 100 characters).';
  return AUTH_MESSAGES.registerFailed;
}

/** The message for a failed login: the login form's own, unless the server says something more useful. */
export function loginFailureMessage(e: unknown): string {
  if (e instanceof ApiError && (e.status === 429 || e.status === 0 || e.status >= 500)) return e.message;
  return AUTH_MESSAGES.loginFailed;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const ref = params.get('ref');
  const loggedIn = useSession((s) => Boolean(s.userToken));
  const [mode, setMode] = useState<Mode>('login');
  const [form, setForm] = useState({ name: '', email: '', password: '', confirmPassword: '' });
  const [busy, setBusy] = useState(false);
  /** The last failure, shown under the form in words (and announced). */
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  useTitle(mode === 'login' ? 'Log in' : 'Create account');

  if (loggedIn) return <Navigate to={afterLoginPath(ref)} replace />;

  const set = (k: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));

  const fail = (message: string) => {
    setProblem(message);
    notify.error(message);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setProblem(null);
    const email = form.email.trim();
    if (mode === 'login') {
      const invalid = loginError(email, form.password.trim());
      if (invalid) return fail(invalid);
      setBusy(true);
      try {
        const reply = await api.user.login({
          body: { email, password: form.password, device: storedDevice(email) },
        });
        keepDevice(email, reply.device);
        notify.success(reply.msg || 'Welcome back!');
        await startSession(reply.user, reply.token);
      } catch (err) {
        fail(loginFailureMessage(err));
        setBusy(false);
      }
      return;
    }
    const invalid = registerError({ ...form, name: form.name.trim(), email });
    if (invalid) return fail(invalid);
    if (form.password.length < PASSWORD_MIN)
      return fail(`Password must be at least ${PASSWORD_MIN} characters`);
    setBusy(true);
    try {
      const reply = await api.user.register({
        body: { name: form.name.trim(), email, password: form.password },
      });
      notify.success(AUTH_MESSAGES.registered);
      await startSession(reply.user, reply.token);
    } catch (err) {
      fail(registerFailureMessage(err));
      setBusy(false);
    }
  };

  const switchTo = (m: Mode) => {
    setMode(m);
    setProblem(null);
    setForm((f) => ({ ...f, password: '', confirmPassword: '' }));
  };

  return (
    <div className="container auth">
      <div className="auth__card card">
        <h1 className="page-title">{mode === 'login' ? 'Welcome back' : 'Create your account'}</h1>
        <p className="muted">
          {mode === 'login'
            ? 'Track orders, save addresses and check out faster.'
            : 'It takes less than a minute. Your cart comes with you.'}
        </p>
        <form className="auth__form" onSubmit={submit} noValidate>
          {mode === 'register' && (
            <div className="field">
              <label htmlFor={`${id}-name`}>Name</label>
              <input
                id={`${id}-name`}
                name="name"
                autoComplete="name"
                placeholder="Your full name"
                value={form.name}
                onChange={set('name')}
                maxLength={100}
              />
            </div>
          )}
          <div className="field">
            <label htmlFor={`${id}-email`}>Email</label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              placeholder="Email address"
              value={form.email}
              onChange={set('email')}
              maxLength={254}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-password`}>Password</label>
            <input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
              placeholder={mode === 'login' ? 'Your password' : `At least ${PASSWORD_MIN} characters`}
              value={form.password}
              onChange={set('password')}
            />
          </div>
          {mode === 'register' && (
            <div className="field">
              <label htmlFor={`${id}-confirm`}>Confirm Password</label>
              <input
                id={`${id}-confirm`}
                name="confirmPassword"
                type="password"
                autoComplete="new-password"
                placeholder="Repeat the password"
                value={form.confirmPassword}
                onChange={set('confirmPassword')}
              />
            </div>
          )}
          {problem && (
            <p className="auth__problem" role="alert" data-testid="auth-problem">
              {problem}
            </p>
          )}
          <button
            type="submit"
            className="btn btn--primary btn--block btn--lg"
            disabled={busy}
            aria-busy={busy}
          >
            {mode === 'login' ? 'LOG IN' : 'REGISTER'}
          </button>
        </form>
        {mode === 'login' && (
          <p className="auth__links">
            <Link to={paths.forgotPassword.to()}>Forgot password?</Link>
            <Link to={paths.codeLogin.to(ref)}>Sign in with a code instead</Link>
          </p>
        )}
        <p className="auth__switch">
          {mode === 'login' ? (
            <>
              New to Voltcart?{' '}
              <button type="button" className="link-btn" onClick={() => switchTo('register')}>
                Register
              </button>
            </>
          ) : (
            <>
              Already have an account?{' '}
              <button type="button" className="link-btn" onClick={() => switchTo('login')}>
                Log in
              </button>
            </>
          )}
        </p>
      </div>
    </div>
  );
}
