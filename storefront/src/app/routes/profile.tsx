import { ProfilePage } from '../../features/account/profile-page';

export const Component = ProfilePage;
