import { z } from 'zod';
import { id } from './common';
import { pageQuery } from './order';

/** What a history record is about. */
export const AUDIT_KINDS = [
  'category',
  'color',
  'product',
  'order',
  'customer',
  'settings',
  'staff',
  'session',
] as const;

export type AuditKind = (typeof AUDIT_KINDS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'must be a real date');

/**
 * The change history's filters: who (a staff account id), the kind of object, one object (its id as the
 * history shows it: a product's number, an order's public id), and a range of days (UTC, both ends included).
 */
export const auditQuery = z
  .object({
    ...pageQuery,
    actor: id.optional(),
    kind: z.enum(AUDIT_KINDS, { error: `must be one of ${AUDIT_KINDS.join(', ')}` }).optional(),
    objectId: z
      .string()
      .trim()
      .regex(/^[\w-]{1,64}$/, 'must be an id')
      .optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['from'],
  });

export type AuditQuery = z.infer<typeof auditQuery>;
