import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { startShopperSession as startSession } from '../../lib/wishlist';
import { notify } from '../../stores/notifications-store';
import {
  AuthCard,
  FormProblem,
  NewPasswordFields,
  newPasswordProblem,
  SubmitButton,
  useSubmit,
} from './account-forms';

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
    const why = newPasswordProblem(password, confirm);
    if (why) return setProblem(why);
    void submit();
  };
  return (
    <AuthCard title="Choose a new password" intro="Your other devices are logged out once it is changed.">
      {token ? (
        <form className="auth__form" onSubmit={check} noValidate>
          <NewPasswordFields
            names={{ password: 'password', confirm: 'confirmPassword' }}
            password={password}
            onPassword={setPassword}
            confirm={confirm}
            onConfirm={setConfirm}
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
