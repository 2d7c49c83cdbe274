import type { Db } from '../../db/connection';

export interface AuditRow {
  actor_id: number | null;
  actor_name: string | null;
  action: string;
  object_kind: string;
  object_id: string | null;
  summary: string;
  ip: string;
  user_agent: string;
  before: string | null;
  after: string | null;
}

/** The only write the change history has: inserts (the database refuses UPDATE and DELETE on it). */
export async function insertAudit(db: Db, rows: AuditRow[]): Promise<void> {
  if (rows.length) await db.insertInto('audit_log').values(rows).execute();
}

export interface AuditFilter {
  actor?: number;
  kind?: string;
  objectId?: string;
  /** UTC day bounds: from its start, to the end of `to`. */
  from?: Date;
  toBefore?: Date;
  offset: number;
  limit: number;
}

/** A page of the history, newest first (by id: the order records were written in). */
export function listAudit(db: Db, f: AuditFilter) {
  let q = db.selectFrom('audit_log').selectAll();
  if (f.actor !== undefined) q = q.where('actor_id', '=', f.actor);
  if (f.kind) q = q.where('object_kind', '=', f.kind);
  if (f.objectId) q = q.where('object_id', '=', f.objectId);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.toBefore) q = q.where('at', '<', f.toBefore);
  return q.orderBy('id', 'desc').offset(f.offset).limit(f.limit).execute();
}

/** Every staff account (the history's person filter). */
export function listPeople(db: Db) {
  return db.selectFrom('admins').select(['id', 'name']).orderBy('name').execute();
}
