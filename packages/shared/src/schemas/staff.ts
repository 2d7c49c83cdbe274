import { z } from 'zod';
import { STAFF_ROLES } from '../rules/permissions';
import { email, text } from './common';

const role = z.enum(STAFF_ROLES, { error: `must be one of ${STAFF_ROLES.join(', ')}` });

/** Invites a staff member: the API makes a first password and answers it once. */
export const staffInviteBody = z.object({
  name: text(100).min(1, 'is required'),
  email,
  role,
});

/** Changes a staff member's role, or deactivates (`active: false`) or reactivates them. */
export const staffUpdateBody = z
  .object({ role: role.optional(), active: z.boolean({ error: 'must be true or false' }).optional() })
  .refine((b) => b.role !== undefined || b.active !== undefined, 'Send a role or an active state.');

export type StaffInviteBody = z.infer<typeof staffInviteBody>;
export type StaffUpdateBody = z.infer<typeof staffUpdateBody>;
