import { AUTH_MESSAGES, PASSWORD_MIN } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { notify } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import { Done, Field, FormProblem, useSubmit } from './account-forms';

function SaveButton({ busy, children }: { busy: boolean; children: string }) {
  return (
    <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>
      {children}
    </button>
  );
}

function NameForm({ name }: { name: string }) {
  const [value, setValue] = useState(name);
  const f = useSubmit(
    () => api.user.updateProfile({ body: { name: value.trim() } }),
    (reply) => {
      useSession.getState().updateUser(reply.user);
      notify.success(reply.msg);
    },
  );
  return (
    <form onSubmit={f.submit} noValidate aria-labelledby="edit-name">
      <h3 id="edit-name">Name</h3>
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        value={value}
        onChange={setValue}
        maxLength={100}
      />
      <FormProblem problem={f.problem} />
      <SaveButton busy={f.busy}>Save name</SaveButton>
    </form>
  );
}

function EmailForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const f = useSubmit(
    () => api.user.changeEmail({ body: { email: email.trim(), password } }),
    (reply) => {
      setSent(reply.msg);
      setPassword('');
    },
  );
  return (
    <form onSubmit={f.submit} noValidate aria-labelledby="edit-email">
      <h3 id="edit-email">E-mail address</h3>
      <Field
        label="New e-mail address"
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        maxLength={254}
      />
      <Field
        label="Current password"
        name="current-password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
      />
      <FormProblem problem={f.problem} />
      {sent && <Done>{sent}</Done>}
      <SaveButton busy={f.busy}>Change e-mail</SaveButton>
    </form>
  );
}

function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const f = useSubmit(
    () => api.user.changePassword({ body: { currentPassword: current, password: next } }),
    (reply) => {
      useSession.getState().setUser(reply.user, reply.token);
      setCurrent('');
      setNext('');
      setConfirm('');
      notify.success(reply.msg);
    },
  );
  const check = (e: FormEvent) => {
    e.preventDefault();
    if (next.length < PASSWORD_MIN)
      return f.setProblem(`Password must be at least ${PASSWORD_MIN} characters`);
    if (next !== confirm) return f.setProblem(AUTH_MESSAGES.mismatch);
    void f.submit();
  };
  return (
    <form onSubmit={check} noValidate aria-labelledby="edit-password">
      <h3 id="edit-password">Password</h3>
      <Field
        label="Current password"
        name="current"
        type="password"
        autoComplete="current-password"
        value={current}
        onChange={setCurrent}
      />
      <Field
        label="New password"
        name="new"
        type="password"
        autoComplete="new-password"
        value={next}
        onChange={setNext}
        hint={`At least ${PASSWORD_MIN} characters`}
      />
      <Field
        label="Confirm Password"
        name="confirm"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={setConfirm}
      />
      <FormProblem problem={f.problem} />
      <SaveButton busy={f.busy}>Change password</SaveButton>
    </form>
  );
}

function DataRights() {
  const [sent, setSent] = useState<string | null>(null);
  const f = useSubmit(
    () => api.user.requestDeletion(),
    (reply) => setSent(reply.msg),
  );
  return (
    <form onSubmit={f.submit} aria-labelledby="data-rights">
      <h3 id="data-rights">Your data</h3>
      <p className="muted">
        See or download everything we keep about you, or delete your account (orders and tax invoices are kept
        as the law requires).
      </p>
      <Link to={paths.myData.to()} className="btn btn--ghost">
        Download my data
      </Link>
      <FormProblem problem={f.problem} />
      {sent ? (
        <Done>{sent}</Done>
      ) : (
        <button type="submit" className="btn btn--danger-ghost" disabled={f.busy} aria-busy={f.busy}>
          Delete my account
        </button>
      )}
    </form>
  );
}

/** Reminder mails (a cart left waiting, a review request after delivery): on or off, saved at once. */
function ReminderSwitch({ on }: { on: boolean }) {
  const [wanted, setWanted] = useState(on);
  const f = useSubmit(
    () => api.user.reminders({ body: { on: wanted } }),
    (reply) => {
      useSession.getState().updateUser(reply.user);
      notify.success(reply.msg);
    },
  );
  return (
    <form onSubmit={f.submit} aria-labelledby="reminder-mails">
      <h3 id="reminder-mails">Reminder mails</h3>
      <label className="check-row">
        <input type="checkbox" checked={wanted} onChange={(e) => setWanted(e.target.checked)} />
        <span>E-mail me about a cart I left waiting, and ask for a review a few days after delivery</span>
      </label>
      <FormProblem problem={f.problem} />
      <SaveButton busy={f.busy}>Save reminder choice</SaveButton>
    </form>
  );
}

/** The profile's edits: name, e-mail (confirmed by mail), password (the current one first), reminder mails, data rights. */
export function ProfileEdits({ name, reminderMails }: { name: string; reminderMails: boolean }) {
  return (
    <section className="card profile__details profile__forms" aria-labelledby="edit-title">
      <h2 id="edit-title">Account settings</h2>
      <NameForm name={name} />
      <EmailForm />
      <PasswordForm />
      <ReminderSwitch on={reminderMails} />
      <DataRights />
    </section>
  );
}
