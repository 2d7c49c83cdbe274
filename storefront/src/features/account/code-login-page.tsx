import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { startShopperSession as startSession } from '../../lib/wishlist';
import { notify } from '../../stores/notifications-store';
import { AuthCard, Done, EmailField, Field, FormProblem, SubmitButton, useSubmit } from './account-forms';
import { afterLoginPath, keepDevice, storedDevice } from './after-login';

/** Sign-in without a password: a 6-digit code by e-mail, then the code. */
export function CodeLoginPage() {
  useTitle('Sign in with a code');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const ask = useSubmit(
    () => api.user.requestCode({ body: { email: email.trim() } }),
    (reply) => setSent(reply.msg),
  );
  const enter = useSubmit(
    () =>
      api.user.codeLogin({ body: { email: email.trim(), code: code.trim(), device: storedDevice(email) } }),
    async (reply) => {
      keepDevice(email, reply.device);
      notify.success('Welcome back!');
      await startSession(reply.user, reply.token);
      navigate(afterLoginPath(params.get('ref')), { replace: true });
    },
  );
  return (
    <AuthCard
      title="Sign in with a code"
      intro="No password needed: we mail you a 6-digit code that works once, for 10 minutes."
    >
      {!sent ? (
        <form className="auth__form" onSubmit={ask.submit} noValidate>
          <EmailField value={email} onChange={setEmail} />
          <FormProblem problem={ask.problem} />
          <SubmitButton busy={ask.busy}>Mail me a code</SubmitButton>
        </form>
      ) : (
        <form className="auth__form" onSubmit={enter.submit} noValidate>
          <Done>{sent}</Done>
          <Field
            label="6-digit code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={setCode}
            maxLength={6}
          />
          <FormProblem problem={enter.problem} />
          <SubmitButton busy={enter.busy}>Sign in</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to={paths.login.to(params.get('ref') ?? undefined)}>Log in with a password</Link>
      </p>
    </AuthCard>
  );
}
