import { MyAddressPage } from '../../features/account/my-address-page';

export const Component = MyAddressPage;
