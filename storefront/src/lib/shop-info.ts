/** Static shop contact details shown in the footer, the product page and the about page. */
export const SHOP_INFO = {
  hotline: '+91 80 4567 8900',
  hotlineHref: 'tel:+918045678900',
  hours: 'Mon–Sat, 9 am – 8 pm',
  address: '42, 2nd Floor, Brigade Road, Bengaluru, Karnataka 560025',
  mail: 'support@voltcart.in',
  shipsFrom: 'Voltcart warehouse, Bengaluru',
} as const;
