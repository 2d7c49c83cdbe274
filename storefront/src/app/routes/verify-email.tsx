import { VerifyEmailPage } from '../../features/account/email-link-pages';

export const Component = VerifyEmailPage;
