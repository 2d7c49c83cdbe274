import { ConfirmEmailPage } from '../../features/account/email-link-pages';

export const Component = ConfirmEmailPage;
