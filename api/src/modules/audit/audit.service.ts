import type { AuditKind, AuditQuery, AuditRecord } from '@voltcart/shared';
import type { Context } from 'hono';
import type { AppEnv } from '../../app-env';
import type { Db } from '../../db/connection';
import { clientAddress } from '../../lib/rate-limit';
import * as repo from './audit.repository';

/** Who made a change and from where: the staff member (null for a failed login) and their request. */
export interface Actor {
  id: number | null;
  /** Read from the account when absent. */
  name?: string;
  ip: string;
  userAgent: string;
}

/** The actor of a request: the signed-in staff member, the client's address and user agent. */
export function actorOf(c: Context<AppEnv>): Actor {
  const p = c.var.principal;
  return {
    id: p?.kind === 'admin' ? p.id : null,
    ip: clientAddress(c),
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 255),
  };
}

export interface AuditEntry {
  actor: Actor;
  /** `<kind>.<verb>`, e.g. `product.update`. */
  action: string;
  kind: AuditKind;
  objectId?: string | number | null;
  summary?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/**
 * Writes one history record, in the caller's transaction (so the record exists exactly when the change does).
 * - `before`/`after` keep only the fields that differ when both are given (a save that changes nothing leaves
 *   empty objects: the record still says who saved)
 * - the actor's name is copied in: a renamed or deactivated account still shows who it was then
 */
export function recordAudit(trx: Db, entry: AuditEntry): Promise<void> {
  return recordAudits(trx, [entry]);
}

/** How the history words a catalogue object's create, save and delete. */
const CATALOG_VERBS = { create: 'Created', update: 'Saved', delete: 'Deleted' } as const;

/**
 * The history of one kind of catalogue object (categories, colours, products): its creates, saves and deletes
 * recorded alike, each with recordAudit in the caller's transaction.
 * - action `<kind>.create`, `.update` or `.delete`, for the object's id
 * - the summary names the object as it is after the change (before it, for a delete): "Created colour Red",
 *   "Saved colour Red", "Deleted colour Red", with `noun` the word people read for the kind
 * - `fields` picks what the record keeps of the object, on each side there is one
 */
export function catalogHistory<T extends { name: string }>(
  kind: AuditKind,
  noun: string,
  fields: (o: T) => Record<string, unknown>,
) {
  const record = (
    trx: Db,
    actor: Actor,
    verb: keyof typeof CATALOG_VERBS,
    id: number,
    sides: { before?: T; after?: T },
  ) =>
    recordAudit(trx, {
      actor,
      action: `${kind}.${verb}`,
      kind,
      objectId: id,
      summary: `${CATALOG_VERBS[verb]} ${noun} ${(sides.after ?? sides.before)!.name}`,
      before: sides.before && fields(sides.before),
      after: sides.after && fields(sides.after),
    });
  return {
    created: (trx: Db, actor: Actor, id: number, made: T) =>
      record(trx, actor, 'create', id, { after: made }),
    saved: (trx: Db, actor: Actor, id: number, before: T, after: T) =>
      record(trx, actor, 'update', id, { before, after }),
    deleted: (trx: Db, actor: Actor, id: number, gone: T) =>
      record(trx, actor, 'delete', id, { before: gone }),
  };
}

/** Writes several records of one actor at once (one insert: a batch of an import), as recordAudit does. */
export async function recordAudits(trx: Db, entries: AuditEntry[]): Promise<void> {
  const names = new Map<number, string | null>();
  const rows: repo.AuditRow[] = [];
  for (const entry of entries) {
    const { actor } = entry;
    let name = actor.name ?? null;
    if (name === null && actor.id !== null) {
      if (!names.has(actor.id)) {
        const row = await trx
          .selectFrom('admins')
          .select('name')
          .where('id', '=', actor.id)
          .executeTakeFirst();
        names.set(actor.id, row?.name ?? null);
      }
      name = names.get(actor.id) ?? null;
    }
    const [before, after] = changedFields(entry.before ?? null, entry.after ?? null);
    rows.push({
      actor_id: actor.id,
      actor_name: name,
      action: entry.action,
      object_kind: entry.kind,
      object_id: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
      summary: (entry.summary ?? '').slice(0, 255),
      ip: actor.ip.slice(0, 64),
      user_agent: actor.userAgent.slice(0, 255),
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
    });
  }
  await repo.insertAudit(trx, rows);
}

/** The fields whose values differ (compared as JSON), from each side; one side alone is kept whole. */
function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): [Record<string, unknown> | null, Record<string, unknown> | null] {
  if (!before || !after) return [before, after];
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[k]) === JSON.stringify(after[k])) continue;
    if (k in before) b[k] = before[k];
    if (k in after) a[k] = after[k];
  }
  return [b, a];
}

const json = (v: unknown) =>
  v === null || v === undefined
    ? null
    : ((typeof v === 'string' ? JSON.parse(v) : v) as Record<string, unknown>);

const DAY = 86_400_000;

export async function listAudit(
  db: Db,
  q: AuditQuery,
): Promise<{ records: AuditRecord[]; hasMore: boolean; people: { _id: string; name: string }[] }> {
  const people = (await repo.listPeople(db)).map((p) => ({ _id: String(p.id), name: p.name }));
  const rows = await repo.listAudit(db, {
    actor: q.actor === undefined ? undefined : Number(q.actor),
    kind: q.kind,
    objectId: q.objectId,
    from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
    toBefore: q.to ? new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY) : undefined,
    offset: (q.page - 1) * q.limit,
    limit: q.limit + 1,
  });
  return {
    records: rows.slice(0, q.limit).map((r) => ({
      _id: String(r.id),
      at: r.at.toISOString(),
      actor: r.actor_id === null ? null : { _id: String(r.actor_id), name: r.actor_name ?? '' },
      action: r.action,
      kind: r.object_kind as AuditKind,
      objectId: r.object_id,
      summary: r.summary,
      ip: r.ip,
      userAgent: r.user_agent,
      before: json(r.before),
      after: json(r.after),
    })),
    hasMore: rows.length > q.limit,
    people,
  };
}
