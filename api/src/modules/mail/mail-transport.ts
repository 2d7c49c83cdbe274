import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

interface OutgoingMail {
  /** Outbox row id (names the .eml file). */
  id: number;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** When the mail was written (its Date header: the same on every attempt). */
  date: Date;
}

/** Delivers one mail; throws when it was not accepted. Returns where it went, for the log. */
export interface MailTransport {
  readonly kind: 'smtp' | 'file';
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
}

/** Socket limits well below the sender's lease, so a send never outlives its claim on the mail. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

const message = (from: string, m: OutgoingMail) => ({
  from,
  to: m.to,
  subject: m.subject,
  text: m.text,
  html: m.html,
  messageId: m.messageId,
  date: m.date,
});

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each mail becomes an .eml file under DATA_DIR/mail,
 * built by nodemailer's stream transport (the same MIME message SMTP would carry). The file is named after the
 * outbox row, so a repeated attempt overwrites it instead of adding a second copy.
 */
export function createMailTransport(config: Config): MailTransport {
  if (config.SMTP_URL) {
    const url = new URL(config.SMTP_URL);
    // smtp:// asks for a plain connection that upgrades to TLS when the server offers STARTTLS; such an
    // opportunistic upgrade is not certificate-checked (as between mail servers: a self-signed or expired
    // certificate must not stop mail that plain text would have carried). smtps://, or smtp:// with
    // ?requireTLS=true, checks the certificate.
    // A user name and password never go over plain text: with credentials, STARTTLS is required (a server
    // that does not offer it is refused).
    const verify = url.protocol === 'smtps:' || url.searchParams.get('requireTLS') === 'true';
    const smtp = nodemailer.createTransport({
      url: config.SMTP_URL,
      ...SMTP_TIMEOUTS,
      ...(url.username ? { requireTLS: true } : {}),
      tls: { rejectUnauthorized: verify },
    });
    const host = url.host;
    return {
      kind: 'smtp',
      async send(m) {
        await smtp.sendMail(message(config.MAIL_FROM, m));
        return `smtp://${host}`;
      },
      close: () => smtp.close(),
    };
  }
  const dir = resolve(config.DATA_DIR, 'mail');
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(m) {
      const info = await stream.sendMail(message(config.MAIL_FROM, m));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${String(m.id).padStart(8, '0')}.eml`);
      await writeFile(file, info.message as Buffer);
      return file;
    },
    close: () => stream.close(),
  };
}
