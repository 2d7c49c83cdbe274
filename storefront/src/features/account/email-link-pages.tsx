import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useTitle } from '../../lib/use-title';
import { endSession, refreshUser } from '../../stores/session-actions';
import { AuthCard, Done, FormProblem, SubmitButton, useSubmit } from './account-forms';

/** The link an e-mail change sends to the new address. Opening it alone changes nothing: the button does. */
export function ConfirmEmailPage() {
  useTitle('Confirm your new e-mail address');
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.confirmEmail({ body: { token } }),
    async (reply) => {
      setDone(reply.msg);
      await refreshUser();
    },
  );
  return (
    <AuthCard title="Confirm your new e-mail address">
      {done ? (
        <Done>{done}</Done>
      ) : (
        <form className="auth__form" onSubmit={submit}>
          <p>Press the button to log in with this address from now on.</p>
          <FormProblem problem={problem} />
          <SubmitButton busy={busy}>Confirm my new address</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to={paths.profile.to()}>Go to my account</Link>
      </p>
    </AuthCard>
  );
}

/** The link the welcome mail (or "Send me a confirmation link") sends: confirms the address on the button. */
export function VerifyEmailPage() {
  useTitle('Confirm your e-mail address');
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.verifyEmail({ body: { token } }),
    async (reply) => {
      setDone(reply.msg);
      await refreshUser();
    },
  );
  return (
    <AuthCard title="Confirm your e-mail address">
      {done ? (
        <Done>{done}</Done>
      ) : (
        <form className="auth__form" onSubmit={submit}>
          <p>Press the button to confirm that this address is yours.</p>
          <FormProblem problem={problem} />
          <SubmitButton busy={busy}>Confirm my e-mail address</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to={paths.profile.to()}>Go to my account</Link>
      </p>
    </AuthCard>
  );
}

/** The link "Delete my account" mails: says what goes and what stays, and deletes on the button. */
export function DeleteAccountPage() {
  useTitle('Delete your account');
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.confirmDeletion({ body: { token } }),
    async (reply) => {
      setDone(reply.msg);
      await endSession();
    },
  );
  return (
    <AuthCard title="Delete your account">
      {done ? (
        <Done>{done} You can register again with the same address at any time.</Done>
      ) : (
        <form className="auth__form" onSubmit={submit}>
          <p>
            Your name, e-mail address, saved addresses and cart are erased, and every device is logged out.
            Your orders and their tax invoices are kept, with the delivery address on them, as the law
            requires.
          </p>
          <FormProblem problem={problem} />
          <button type="submit" className="btn btn--danger btn--block" disabled={busy} aria-busy={busy}>
            Delete my account
          </button>
        </form>
      )}
    </AuthCard>
  );
}

/** A reminder mail's "Stop reminder mails" link: turns them off on the button (no login needed). */
export function StopRemindersPage() {
  useTitle('Stop reminder mails');
  const token = useSearchParams()[0].get('token') ?? '';
  const [done, setDone] = useState<string | null>(null);
  const { busy, problem, submit } = useSubmit(
    () => api.user.stopReminders({ body: { token } }),
    async (reply) => {
      setDone(reply.msg);
      await refreshUser();
    },
  );
  return (
    <AuthCard title="Stop reminder mails">
      {done ? (
        <Done>{done}</Done>
      ) : (
        <form className="auth__form" onSubmit={submit}>
          <p>
            Reminder mails tell you about a cart left waiting and ask for a review a few days after delivery.
            Order and account mails still come.
          </p>
          <FormProblem problem={problem} />
          <SubmitButton busy={busy}>Stop reminder mails</SubmitButton>
        </form>
      )}
      <p className="auth__links">
        <Link to={paths.profile.to()}>Go to my account</Link>
      </p>
    </AuthCard>
  );
}
