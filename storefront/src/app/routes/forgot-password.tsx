import { ForgotPasswordPage } from '../../features/account/forgot-password-page';

export const Component = ForgotPasswordPage;
