import { ApiError } from '@voltcart/api-client/http';
import { adminLoginError } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { FormField, TextField } from '../../components/form-field';
import { paths } from '../../config/paths';
import { api, getApiUrl } from '../../lib/api';
import { explainNetworkFailure } from '../../lib/network-failure';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';

/** The admin login failure text, kept as first released; the server's own message follows it when there is one. */
const ADMIN_LOGIN_FAILED = 'Error from AdminLogin';

/**
 * The device token of an earlier login on this desk, per account: sent with the next login so that other
 * people's failed attempts never hold this desk back.
 */
const deviceKey = (email: string) => `vc-admin-device:${email.trim().toLowerCase()}`;
const storedDevice = (email: string) => {
  try {
    return localStorage.getItem(deviceKey(email)) ?? undefined;
  } catch {
    return undefined;
  }
};

export function LoginPage() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const setSession = useSession((s) => s.set);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  /** The password was right and the account uses two-step sign-in: the code is asked for. */
  const [needCode, setNeedCode] = useState(false);
  const [code, setCode] = useState('');

  if (token) return <Navigate to={paths.dashboard} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const invalid = adminLoginError(email, password);
    if (invalid) {
      setError({ title: invalid });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = await api.admin.login({
        body: {
          email: email.trim(),
          password,
          device: storedDevice(email),
          ...(needCode ? { code: code.trim() } : {}),
        },
      });
      try {
        localStorage.setItem(deviceKey(email), reply.device);
      } catch {
        // No storage: the login works, without the device's head start next time.
      }
      await setSession(reply.admin, reply.token);
      toast.reply(reply, 'Logged in.');
      const setup = reply.admin.mustChangePassword || reply.admin.mustEnrolTwoStep;
      navigate(setup ? paths.account : paths.dashboard, { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'two_step_required') {
        setNeedCode(true);
        setError(null);
        return;
      }
      let detail = err instanceof ApiError ? err.message : undefined;
      // No answer: an API that refuses this page's origin looks the same as one that is down.
      if (err instanceof ApiError && err.code === 'network')
        detail = (await explainNetworkFailure(getApiUrl())) ?? detail;
      setError({ title: ADMIN_LOGIN_FAILED, detail });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="login-screen">
      <form className="login-card" onSubmit={submit} noValidate>
        <div className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            ⚡
          </span>
          <div>
            <h1>Admin Login</h1>
            <p className="muted">Voltcart back office</p>
          </div>
        </div>
        {error && (
          <div className="form-error" role="alert">
            <strong>{error.title}</strong>
            {error.detail && <span>{error.detail}</span>}
          </div>
        )}
        <TextField
          id="admin-email"
          label="Email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="Email"
          value={email}
          onValue={setEmail}
        />
        <TextField
          id="admin-password"
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder="Password"
          value={password}
          onValue={setPassword}
        />
        {needCode && (
          <FormField id="admin-code" label="Code from your authenticator app (or a recovery code)">
            <input
              id="admin-code"
              name="code"
              autoComplete="one-time-code"
              inputMode="numeric"
              // biome-ignore lint/a11y/noAutofocus: the field appears because the login asked for it
              autoFocus
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
          </FormField>
        )}
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
    </div>
  );
}
