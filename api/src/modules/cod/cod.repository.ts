import { sql } from 'kysely';
import type { Db } from '../../db/connection';

/** When an order was delivered: its last `delivered` event, else its last change. */
const deliveredAt = sql`COALESCE((SELECT MAX(e.created_at) FROM order_events AS e
  WHERE e.order_id = o.id AND e.event = 'delivered'), o.updated_at)`;

/** Cash-on-delivery orders whose tracking number is one of these AWBs, locked, with any remittance that settled them. */
export async function lockOrdersByAwb(db: Db, awbs: string[]) {
  if (!awbs.length) return [];
  const r = await sql<{
    id: number | string;
    public_id: string;
    tracking_number: string;
    carrier: string | null;
    state: string;
    payment_mode: number | string;
    total_paise: number | string;
    remittance_id: number | string | null;
  }>`SELECT o.id, o.public_id, o.tracking_number, o.carrier, o.state, o.payment_mode, o.total_paise,
      r.remittance_id
    FROM orders AS o LEFT JOIN cod_remittance_orders AS r ON r.order_id = o.id
    WHERE o.tracking_number IN (${sql.join(awbs)})
    ORDER BY o.id
    FOR UPDATE`.execute(db);
  return r.rows.map((x) => ({
    id: Number(x.id),
    publicId: x.public_id,
    awb: x.tracking_number,
    carrier: x.carrier ?? '',
    state: x.state,
    cod: Number(x.payment_mode) === 0,
    duePaise: Number(x.total_paise),
    remittanceId: x.remittance_id === null ? null : Number(x.remittance_id),
  }));
}

export async function insertRemittance(
  db: Db,
  row: {
    carrier: string;
    amount_paise: number;
    due_paise: number;
    remitted_on: string;
    reference: string;
    file_name: string;
    admin_id: number | null;
  },
  orders: { orderId: number; awb: string; duePaise: number }[],
): Promise<number> {
  const r = await db.insertInto('cod_remittances').values(row).executeTakeFirstOrThrow();
  const id = Number(r.insertId);
  for (let i = 0; i < orders.length; i += 1000)
    await db
      .insertInto('cod_remittance_orders')
      .values(
        orders
          .slice(i, i + 1000)
          .map((o) => ({ order_id: o.orderId, remittance_id: id, awb: o.awb, due_paise: o.duePaise })),
      )
      .execute();
  return id;
}

/** Remittances, newest first (by the day received, then as recorded), with how many orders each settled. */
export async function listRemittances(db: Db, offset: number, limit: number, id?: number) {
  const r = await sql<{
    id: number | string;
    carrier: string;
    amount_paise: number | string;
    due_paise: number | string;
    remitted_on: string;
    reference: string;
    file_name: string;
    admin_name: string | null;
    created_at: Date;
    orders: number | string;
  }>`SELECT m.id, m.carrier, m.amount_paise, m.due_paise, DATE_FORMAT(m.remitted_on, '%Y-%m-%d') AS remitted_on,
      m.reference, m.file_name, a.name AS admin_name, m.created_at,
      (SELECT COUNT(*) FROM cod_remittance_orders AS x WHERE x.remittance_id = m.id) AS orders
    FROM cod_remittances AS m LEFT JOIN admins AS a ON a.id = m.admin_id
    ${id === undefined ? sql`` : sql`WHERE m.id = ${id}`}
    ORDER BY m.remitted_on DESC, m.id DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return r.rows;
}

/**
 * What is still to collect, per carrier: delivered cash-on-delivery orders no remittance settled, their cash
 * summed by days since delivery (at `now`).
 */
export async function dueByCarrier(db: Db, now: Date) {
  const r = await sql<{
    carrier: string;
    orders: number | string;
    due: number | string;
    oldest_days: number | string;
    d7: number | string;
    d15: number | string;
    d30: number | string;
    older: number | string;
  }>`SELECT carrier, COUNT(*) AS orders, SUM(due) AS due, MAX(days) AS oldest_days,
      SUM(CASE WHEN days <= 7 THEN due ELSE 0 END) AS d7,
      SUM(CASE WHEN days BETWEEN 8 AND 15 THEN due ELSE 0 END) AS d15,
      SUM(CASE WHEN days BETWEEN 16 AND 30 THEN due ELSE 0 END) AS d30,
      SUM(CASE WHEN days > 30 THEN due ELSE 0 END) AS older
    FROM (
      SELECT COALESCE(NULLIF(o.carrier, ''), 'No carrier') AS carrier, o.total_paise AS due,
        GREATEST(0, TIMESTAMPDIFF(DAY, ${deliveredAt}, ${now})) AS days
      FROM orders AS o
      WHERE o.state = 'delivered' AND o.payment_mode = 0
        AND NOT EXISTS (SELECT 1 FROM cod_remittance_orders AS r WHERE r.order_id = o.id)
    ) AS t
    GROUP BY carrier
    ORDER BY due DESC, carrier`.execute(db);
  return r.rows.map((x) => ({
    carrier: x.carrier,
    orders: Number(x.orders),
    duePaise: Number(x.due),
    oldestDays: Number(x.oldest_days),
    byAge: [Number(x.d7), Number(x.d15), Number(x.d30), Number(x.older)] as const,
  }));
}
