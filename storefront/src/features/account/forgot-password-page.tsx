import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { AuthCard, Done, EmailField, FormProblem, SubmitButton, useSubmit } from './account-forms';

export function ForgotPasswordPage() {
  useTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.forgotPassword({ body: { email: email.trim() } }),
    (reply) => setSent(reply.msg),
  );
  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail address you log in with: we send a link to choose a new password."
    >
      {sent ? (
        <>
          <Done>{sent}</Done>
          <p className="muted">
            No mail after a few minutes? Check the spam folder, or sign in with a code instead.
          </p>
        </>
      ) : (
        <form className="auth__form" onSubmit={submit} noValidate>
          <EmailField value={email} onChange={setEmail} />
          <FormProblem problem={problem} />
          <SubmitButton busy={busy}>Send me a link</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to={paths.login.to()}>Back to login</Link>
        <Link to={paths.codeLogin.to()}>Sign in with a code instead</Link>
      </p>
    </AuthCard>
  );
}
