import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../db/connection';
import type { Logger } from '../../lib/logger';
import { transaction } from '../../lib/transaction';
import * as repo from './mail.repository';
import type { MailTransport } from './mail-transport';

export interface SenderOptions {
  /** Names this sender in `claimed_by` (unique per process by default). */
  owner?: string;
  /** Pause between looks at the outbox when it is empty. */
  pollMs?: number;
  /** How long a claimed mail is this sender's alone; far longer than one SMTP attempt may take. */
  leaseMs?: number;
  /** First retry after a failure; each further failure doubles it, up to retryMaxMs. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Attempts after which a mail is given up (about two days with the default backoff). */
  maxAttempts?: number;
  /** Sent mails older than this many days are deleted (OUTBOX_KEEP_DAYS); 0 keeps them for ever. */
  keepSentDays?: number;
  /** Rows deleted per statement while cleaning (short statements: the outbox stays writable meanwhile). */
  cleanupBatch?: number;
  /** Pause between clean-ups. */
  cleanupEveryMs?: number;
}

/**
 * Delivers the outbox, one mail at a time, from inside each API process; safe with any number of processes.
 * - claiming: the next due mail is locked with `FOR UPDATE SKIP LOCKED` and leased (`claimed_by`,
 *   `claimed_until`) in one short transaction; other senders skip it while the lease lasts. The SMTP
 *   conversation happens after that commit, holding no database lock.
 * - success marks the row sent; failure gives it back with exponential backoff (and jitter), so a mail server
 *   that is down delays mail without losing it and without touching checkout (which only inserts a row); a 5xx
 *   refusal, or `maxAttempts` failures, gives the mail up (`failed_at`: staff see it and may resend)
 * - delivery is at least once, made idempotent by a stable Message-ID: the id is fixed when the mail is written,
 *   so the only duplicate possible (the process dies after the server accepted the mail and before the row is
 *   marked sent; the lease runs out and another sender tries again) carries the same Message-ID, which mail
 *   servers and clients use to drop the copy. Exactly once in every other case, including two senders at once
 *   and a process killed between committing an order and sending its mail.
 * - clean-up: every `cleanupEveryMs`, mails sent more than `keepSentDays` days ago are deleted in batches of
 *   `cleanupBatch` rows (several senders cleaning at once only share the work)
 */
export class OutboxSender {
  readonly owner: string;
  private readonly pollMs: number;
  private readonly leaseMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly maxAttempts: number;
  private readonly keepSentDays: number;
  private readonly cleanupBatch: number;
  private readonly cleanupEveryMs: number;
  private lastCleanup = 0;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
    private readonly logger: Logger,
    opts: SenderOptions = {},
  ) {
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 64);
    this.pollMs = opts.pollMs ?? 1000;
    this.leaseMs = opts.leaseMs ?? 120_000;
    this.retryBaseMs = opts.retryBaseMs ?? 10_000;
    this.retryMaxMs = opts.retryMaxMs ?? 3_600_000;
    this.maxAttempts = opts.maxAttempts ?? 60;
    this.keepSentDays = opts.keepSentDays ?? 30;
    this.cleanupBatch = opts.cleanupBatch ?? 500;
    this.cleanupEveryMs = opts.cleanupEveryMs ?? 3_600_000;
  }

  /** Deletes the mails sent more than keepSentDays days ago, a batch at a time; returns how many. */
  async cleanUp(): Promise<number> {
    if (this.keepSentDays <= 0) return 0;
    let deleted = 0;
    for (;;) {
      if (this.stopped) return deleted;
      const n = await repo.deleteSentBefore(this.db, this.keepSentDays, this.cleanupBatch);
      deleted += n;
      if (n < this.cleanupBatch) return deleted;
    }
  }

  /** The clean-up, when it is due (called between looks at the outbox). */
  private async cleanUpWhenDue(): Promise<void> {
    if (Date.now() - this.lastCleanup < this.cleanupEveryMs) return;
    this.lastCleanup = Date.now();
    const n = await this.cleanUp();
    if (n)
      this.logger.info('sent mails deleted from the outbox', { count: n, olderThanDays: this.keepSentDays });
  }

  /** Sends every mail that is due now; returns how many went out. */
  async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (this.stopped) return sent;
      const mail = await this.claimNext();
      if (!mail) return sent;
      if (await this.deliver(mail)) sent++;
    }
  }

  /** Looks at the outbox every pollMs (a failed look is logged and tried again). */
  start(): this {
    const tick = () => {
      if (this.stopped) return;
      this.running = this.drain()
        .then(() => this.cleanUpWhenDue())
        .catch((e) => this.logger.warn('mail outbox could not be read', { error: (e as Error).message }))
        .finally(() => {
          this.running = null;
          if (!this.stopped) {
            this.timer = setTimeout(tick, this.pollMs);
            this.timer.unref();
          }
        });
    };
    tick();
    return this;
  }

  /** Stops looking, lets a send in progress finish, closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private claimNext(): Promise<repo.OutboxRow | undefined> {
    return transaction(this.db, async (trx) => {
      const row = await repo.lockNextDue(trx);
      if (row) await repo.claim(trx, row.id, this.owner, this.leaseMs);
      return row;
    });
  }

  private async deliver(mail: repo.OutboxRow): Promise<boolean> {
    let where: string;
    try {
      where = await this.transport.send({
        id: mail.id,
        messageId: mail.message_id,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.text_body,
        html: mail.html_body,
        date: mail.created_at,
      });
    } catch (e) {
      const error = (e as Error).message ?? String(e);
      // A 5xx answer is the server's final word (no such mailbox, rejected sender…): trying again cannot help.
      const code = (e as { responseCode?: number }).responseCode;
      if ((code !== undefined && code >= 500 && code < 600) || mail.attempts + 1 >= this.maxAttempts) {
        this.logger.error('mail given up', {
          mailId: mail.id,
          kind: mail.kind,
          attempts: mail.attempts + 1,
          error,
        });
        await repo.giveUp(this.db, mail.id, this.owner, error);
        return false;
      }
      const delay = Math.min(this.retryMaxMs, this.retryBaseMs * 2 ** Math.min(mail.attempts, 20));
      const jittered = delay * (0.8 + Math.random() * 0.4);
      this.logger.warn('mail not sent; will retry', {
        mailId: mail.id,
        kind: mail.kind,
        attempt: mail.attempts + 1,
        retryInMs: Math.round(jittered),
        error,
      });
      await repo.release(this.db, mail.id, this.owner, jittered, error);
      return false;
    }
    await repo.markSent(this.db, mail.id);
    const fields = { mailId: mail.id, kind: mail.kind, messageId: mail.message_id };
    if (this.transport.kind === 'file')
      this.logger.info(`mail written to ${where}`, { ...fields, file: where });
    else this.logger.info('mail sent', { ...fields, server: where });
    return true;
  }
}
