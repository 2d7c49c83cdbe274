import { type Admin, ROLE_PERMISSIONS, type StaffRole } from '@voltcart/shared';

export interface AdminRow {
  id: number;
  name: string;
  email: string;
  role: StaffRole;
  must_change_password: number;
  totp_secret: string | null;
}

/** A staff account as the back office sees it; `twoStepRequired`: the Owner's setting. */
export const toAdmin = (row: AdminRow, twoStepRequired: boolean): Admin => ({
  _id: String(row.id),
  name: row.name,
  email: row.email,
  role: row.role,
  permissions: [...ROLE_PERMISSIONS[row.role]],
  mustChangePassword: Boolean(row.must_change_password),
  twoStepEnabled: row.totp_secret !== null,
  mustEnrolTwoStep: twoStepRequired && row.totp_secret === null,
});
