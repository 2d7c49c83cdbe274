import { type FormEvent, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { notify } from '../../stores/notifications-store';
import { useSession } from '../../stores/session-store';
import {
  Done,
  EmailField,
  Field,
  FormProblem,
  NewPasswordFields,
  newPasswordProblem,
  SubmitButton,
  useSubmit,
} from './account-forms';

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
      <SubmitButton busy={f.busy} block={false}>
        Save name
      </SubmitButton>
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
      <EmailField label="New e-mail address" value={email} onChange={setEmail} />
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
      <SubmitButton busy={f.busy} block={false}>
        Change e-mail
      </SubmitButton>
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
    const why = newPasswordProblem(next, confirm);
    if (why) return f.setProblem(why);
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
      <NewPasswordFields
        names={{ password: 'new', confirm: 'confirm' }}
        password={next}
        onPassword={setNext}
        confirm={confirm}
        onConfirm={setConfirm}
      />
      <FormProblem problem={f.problem} />
      <SubmitButton busy={f.busy} block={false}>
        Change password
      </SubmitButton>
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
      <SubmitButton busy={f.busy} block={false}>
        Save reminder choice
      </SubmitButton>
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
