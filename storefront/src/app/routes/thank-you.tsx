import { ThankYouPage } from '../../features/checkout/thank-you-page';

export const Component = ThankYouPage;
