import { MyDataPage } from '../../features/account/my-data-page';

export const Component = MyDataPage;
