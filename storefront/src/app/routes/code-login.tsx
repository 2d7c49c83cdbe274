import { CodeLoginPage } from '../../features/account/code-login-page';

export const Component = CodeLoginPage;
