import { ApiError } from '@voltcart/api-client/http';
import { adminLoginError } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api, getApiUrl } from '../../lib/api';
import { explainNetworkFailure } from '../../lib/network-failure';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';

/** Seed §8: the admin login failure text; the server's own message follows it when there is one. */
export const ADMIN_LOGIN_FAILED = 'Error from AdminLogin';

export function LoginPage() {
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const setSession = useSession((s) => s.set);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<{ title: string; detail?: string } | null>(null);
  const [busy, setBusy] = useState(false);

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
      const reply = await api.admin.login({ body: { email: email.trim(), password } });
      await setSession(reply.admin, reply.token);
      toast.reply(reply, 'Logged in.');
      navigate(paths.dashboard, { replace: true });
    } catch (err) {
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
        <div className="field">
          <label className="field-label" htmlFor="admin-email">
            Email
          </label>
          <input
            id="admin-email"
            name="email"
            type="email"
            autoComplete="username"
            placeholder="Email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor="admin-password">
            Password
          </label>
          <input
            id="admin-password"
            name="password"
            type="password"
            autoComplete="current-password"
            placeholder="Password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </div>
        <button className="btn btn-primary btn-block" type="submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Login'}
        </button>
      </form>
    </div>
  );
}
