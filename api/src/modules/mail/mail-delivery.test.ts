import { describe, expect, it } from 'vitest';
import { renderMail } from './mail-templates';

const order = {
  publicId: 'VC0123456789ABCDEFGH',
  totalPaise: 52_200,
  online: false,
  lines: [{ name: 'USB-C cable', options: '', qty: 1, unitPaise: 39_400 }],
};
const data = { shopName: 'Voltcart', storefrontUrl: 'https://shop.example.in/', name: 'Ravi' };

describe('order mails: shipping, COD fee, estimate and tracking', () => {
  it('lists shipping and the COD fee before the total, and the delivery estimate', () => {
    const m = renderMail('order_placed', {
      ...data,
      order: {
        ...order,
        shippingPaise: 7900,
        codFeePaise: 4900,
        estimate: { from: '2026-12-03', to: '2026-12-05' },
      },
    });
    expect(m.text).toContain('  Shipping: ₹79\n  Cash on delivery fee: ₹49\n  Total: ₹522\nDelivery 3–5 Dec');
    expect(m.html).toContain('<td>Shipping</td><td align="right">₹79</td>');
  });

  it('says FREE for an order shipped free, and nothing for an order that predates shipping', () => {
    expect(renderMail('order_placed', { ...data, order: { ...order, shippingPaise: 0 } }).text).toContain(
      '  Shipping: FREE',
    );
    expect(renderMail('order_placed', { ...data, order }).text).not.toContain('Shipping');
  });

  it('links the shipped mail to the courier’s tracking page when the carrier is a known one', () => {
    const shipped = renderMail('shipped', {
      ...data,
      order: { ...order, carrier: 'Delhivery', trackingNumber: 'DLV123' },
    });
    expect(shipped.text).toContain('Track your parcel: https://www.delhivery.com/track/package/DLV123');
    const own = renderMail('shipped', {
      ...data,
      order: { ...order, carrier: 'Our van', trackingNumber: 'V1' },
    });
    expect(own.text).not.toContain('Track your parcel');
  });
});
