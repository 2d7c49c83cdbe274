import { errorMessage } from '@voltcart/api-client/http';
import { PASSWORD_MIN } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { FormError } from '../../components/catalog-form';
import { TextField } from '../../components/form-field';
import { PanelForm } from '../../components/panel-form';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useSession } from '../../stores/session';
import { toast } from '../../stores/toast';

/**
 * The staff member's own account: their password (forced after the Owner made or reset it) and two-step
 * sign-in with an authenticator app (required of everyone when the Owner says so).
 */
export function AccountPage() {
  const admin = useSession((s) => s.admin);
  return (
    <>
      <PageHeader title="My account" subtitle={admin ? `${admin.name} · ${admin.email}` : undefined} />
      {admin?.mustChangePassword && (
        <div className="panel form-error" role="alert" data-testid="must-change">
          Choose your own password first: the one you were given works only for this.
        </div>
      )}
      {!admin?.mustChangePassword && admin?.mustEnrolTwoStep && (
        <div className="panel form-error" role="alert" data-testid="must-enrol">
          The Owner requires two-step sign-in: set it up below to continue.
        </div>
      )}
      <PasswordPanel />
      {!admin?.mustChangePassword && <TwoStepPanel />}
    </>
  );
}

function PasswordPanel() {
  const setSession = useSession((s) => s.set);
  const navigate = useNavigate();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next.length < PASSWORD_MIN)
      return setProblem(`The new password needs at least ${PASSWORD_MIN} characters.`);
    if (next !== confirm) return setProblem('The two new passwords are not the same.');
    setBusy(true);
    setProblem(null);
    try {
      const reply = await api.admin.changePassword({ body: { currentPassword: current, password: next } });
      await setSession(reply.admin, reply.token);
      toast.reply(reply, 'Password changed.');
      setCurrent('');
      setNext('');
      setConfirm('');
      if (!reply.admin.mustEnrolTwoStep) navigate(paths.dashboard, { replace: true });
    } catch (err) {
      setProblem(errorMessage(err, 'The password could not be changed.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <PanelForm titleId="pw-title" title="Change your password" onSubmit={submit}>
      <FormError error={problem} />
      <div className="grid-3">
        <PasswordField
          id="pw-current"
          label="Current password"
          value={current}
          onChange={setCurrent}
          auto="current-password"
        />
        <PasswordField id="pw-new" label="New password" value={next} onChange={setNext} auto="new-password" />
        <PasswordField
          id="pw-confirm"
          label="New password again"
          value={confirm}
          onChange={setConfirm}
          auto="new-password"
        />
      </div>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? 'Saving…' : 'Change password'}
      </button>
    </PanelForm>
  );
}

function PasswordField(p: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  auto: string;
}) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={p.id}>
        {p.label}
      </label>
      <input
        id={p.id}
        type="password"
        autoComplete={p.auto}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
      />
    </div>
  );
}

interface Setup {
  secret: string;
  qrSvg: string;
}

function TwoStepPanel() {
  const admin = useSession((s) => s.admin);
  const token = useSession((s) => s.token);
  const setSession = useSession((s) => s.set);
  const navigate = useNavigate();
  const [setup, setSetup] = useState<Setup | null>(null);
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (err) {
      setProblem(errorMessage(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const start = () =>
    run(async () => {
      const r = await api.admin.twoStepSetup();
      setSetup({ secret: r.secret, qrSvg: r.qrSvg });
    });
  const enable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await api.admin.twoStepEnable({ body: { code: code.trim() } });
      await setSession(r.admin, token!);
      setCodes(r.recoveryCodes);
      setSetup(null);
      setCode('');
      toast.reply(r, 'Two-step sign-in is on.');
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const r = await api.admin.twoStepDisable({ body: { code: code.trim() } });
      await setSession(r.admin, token!);
      setCode('');
      toast.reply(r, 'Two-step sign-in is off.');
    });
  };

  return (
    <section className="panel form" aria-labelledby="two-step-title" data-testid="two-step">
      <h2 id="two-step-title">Two-step sign-in</h2>
      <p className="muted">
        After your password, the login asks for the 6-digit code of an authenticator app on your phone (Google
        Authenticator, Microsoft Authenticator, 2FAS…), so a stolen password alone cannot get in.
      </p>
      <FormError error={problem} />
      {codes && (
        <div className="recovery-codes" data-testid="recovery-codes">
          <p>
            <strong>Your recovery codes.</strong> Each one signs you in once if your phone is lost. Save them
            now (print them, or keep them in a password manager): they are not shown again.
          </p>
          <ul>
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => {
              setCodes(null);
              navigate(paths.dashboard, { replace: true });
            }}
          >
            I have saved them
          </button>
        </div>
      )}
      {!codes && admin?.twoStepEnabled && (
        <form onSubmit={disable} noValidate>
          <p data-testid="two-step-on">Two-step sign-in is on for your account.</p>
          <TextField
            id="off-code"
            label="Current code, to turn it off"
            inputMode="numeric"
            maxLength={6}
            value={code}
            onValue={setCode}
          />
          <button type="submit" className="btn btn-ghost" disabled={busy}>
            Turn off two-step sign-in
          </button>
        </form>
      )}
      {!codes && !admin?.twoStepEnabled && !setup && (
        <button type="button" className="btn btn-primary" onClick={start} disabled={busy}>
          Set up two-step sign-in
        </button>
      )}
      {setup && (
        <form onSubmit={enable} noValidate className="two-step-setup">
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`}
            alt="QR code for your authenticator app"
            width={200}
            height={200}
            data-testid="two-step-qr"
          />
          <p>
            Scan it with the app, or type this key into it:{' '}
            <code data-testid="two-step-secret">{setup.secret}</code>
          </p>
          <TextField
            id="enrol-code"
            label="The 6-digit code the app shows"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onValue={setCode}
          />
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Turn on two-step sign-in
          </button>
        </form>
      )}
    </section>
  );
}
