import { DeleteAccountPage } from '../../features/account/email-link-pages';

export const Component = DeleteAccountPage;
