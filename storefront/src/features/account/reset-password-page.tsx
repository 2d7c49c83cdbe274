import { AUTH_MESSAGES, PASSWORD_MIN } from '@voltcart/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { startShopperSession as startSession } from '../../lib/wishlist';
import { notify } from '../../stores/notifications-store';
import { AuthCard, Field, FormProblem, SubmitButton, useSubmit } from './account-forms';

/** The page a reset mail links to: a new password, then the shopper is logged in (every other session ended). */
export function ResetPasswordPage() {
  useTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const { busy, problem, setProblem, submit } = useSubmit(
    () => api.user.resetPassword({ body: { token, password } }),
    async (reply) => {
      notify.success(reply.msg);
      await startSession(reply.user, reply.token);
      navigate(paths.profile.to(), { replace: true });
    },
  );
  const check = (e: React.FormEvent) => {
    e.preventDefault();
    if (password.length < PASSWORD_MIN)
      return setProblem(`Password must be at least ${PASSWORD_MIN} characters`);
    if (password !== confirm) return setProblem(AUTH_MESSAGES.mismatch);
    void submit();
  };
  return (
    <AuthCard title="Choose a new password" intro="Your other devices are logged out once it is changed.">
      {token ? (
        <form className="auth__form" onSubmit={check} noValidate>
          <Field
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            hint={`At least ${PASSWORD_MIN} characters`}
          />
          <Field
            label="Confirm Password"
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            value={confirm}
            onChange={setConfirm}
          />
          <FormProblem problem={problem} />
          <SubmitButton busy={busy}>Save the new password</SubmitButton>
        </form>
      ) : (
        <p className="auth__problem" role="alert">
          This page needs the link from the mail. Ask for a new one if it does not work.
        </p>
      )}
      <p className="auth__links">
        <Link to={paths.forgotPassword.to()}>Ask for a new link</Link>
      </p>
    </AuthCard>
  );
}
