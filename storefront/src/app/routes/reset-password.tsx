import { ResetPasswordPage } from '../../features/account/reset-password-page';

export const Component = ResetPasswordPage;
