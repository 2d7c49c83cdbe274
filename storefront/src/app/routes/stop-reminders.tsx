import { StopRemindersPage } from '../../features/account/email-link-pages';

export const Component = StopRemindersPage;
