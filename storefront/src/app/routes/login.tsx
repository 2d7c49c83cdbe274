import { LoginPage } from '../../features/account/login-page';

export const Component = LoginPage;
