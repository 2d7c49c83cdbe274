/** The fixed part of the sample catalogue: categories, colours, brands, models and description phrases. */

type CategoryKey =
  | 'phones'
  | 'tablets'
  | 'accessories'
  | 'laptops'
  | 'audio'
  | 'gaming'
  | 'cameras'
  | 'watches'
  | 'tvs'
  | 'monitors'
  | 'printers';
export type Silhouette =
  | 'phone'
  | 'tablet'
  | 'charger'
  | 'laptop'
  | 'headphones'
  | 'controller'
  | 'camera'
  | 'watch'
  | 'tv'
  | 'monitor'
  | 'printer'
  | 'speaker'
  | 'earbuds'
  | 'cable'
  | 'powerbank'
  | 'case'
  | 'tracker'
  | 'storage'
  | 'mouse'
  | 'keyboard'
  | 'router'
  | 'console'
  | 'handheld'
  | 'vr';

/**
 * A kind of product within a category (a speaker among headphones, a mouse among chargers): its own picture and
 * selling points, so that no product is described or shown as another kind of thing.
 */
export interface Form {
  /** Matched against "Brand Model". */
  when: RegExp;
  silhouette: Silhouette;
  features: string[];
}

export interface CategorySpec {
  key: CategoryKey;
  name: string;
  /** SKU prefix. */
  code: string;
  silhouette: Silhouette;
  /** The colours (names from COLORS) its models come in; each product offers a few of them. */
  palette: string[];
  /** At most this many colours per product (accessories: one, so a single variant). */
  colors: number;
  /** Listing prices stay within this range (whole rupees). */
  price: [number, number];
  /**
   * Memory options: 2–3 consecutive sizes (GB) from `sizes`, dearer models starting higher; the first size
   * chosen costs +0 and the next ones add `steps` (rupees). Null: the category has no memory choice.
   */
  memory: { sizes: number[]; steps: number[] } | null;
  /**
   * Brands, their models and each model's usual price in rupees. The 200 models of all categories are each
   * listed once by a 200-product catalogue (`npm start`); larger catalogues add later marks of them.
   */
  brands: Record<string, [model: string, rupees: number][]>;
  /** Selling points used in descriptions (of the models no form matches). */
  features: string[];
  /** Kinds of product that differ from the category's usual one: the first that matches a model applies. */
  forms?: Form[];
}

/** The picture and the selling points of a model: its form's, else its category's. */
export function formOf(spec: CategorySpec, brand: string, model: string): Omit<Form, 'when'> {
  const name = `${brand} ${model}`;
  const form = spec.forms?.find((f) => f.when.test(name));
  return form ?? { silhouette: spec.silhouette, features: spec.features };
}

export const CATEGORIES: CategorySpec[] = [
  {
    key: 'phones',
    name: 'Phones',
    code: 'PHN',
    silhouette: 'phone',
    palette: [
      'Midnight Black',
      'Pearl White',
      'Ocean Blue',
      'Forest Green',
      'Lavender',
      'Titanium Gold',
      'Graphite',
      'Crimson Red',
    ],
    colors: 4,
    price: [6999, 159999],
    memory: { sizes: [64, 128, 256, 512, 1024], steps: [0, 5000, 15000] },
    brands: {
      Samsung: [
        ['Galaxy S24', 74999],
        ['Galaxy S24 Ultra', 129999],
        ['Galaxy A55 5G', 39999],
        ['Galaxy A35 5G', 30999],
        ['Galaxy M35 5G', 17999],
        ['Galaxy Z Flip6', 109999],
      ],
      Apple: [
        ['iPhone 15', 69999],
        ['iPhone 15 Plus', 79999],
        ['iPhone 15 Pro', 129999],
        ['iPhone 15 Pro Max', 154999],
        ['iPhone 14', 59999],
      ],
      OnePlus: [
        ['12', 64999],
        ['12R', 39999],
        ['Nord 4', 29999],
        ['Nord CE4 Lite', 19999],
      ],
      Xiaomi: [
        ['Redmi Note 13 Pro', 25999],
        ['Redmi 13C', 8999],
        ['Xiaomi 14', 69999],
        ['Poco X6 Pro', 23999],
      ],
      Google: [
        ['Pixel 8a', 52999],
        ['Pixel 9', 79999],
        ['Pixel 9 Pro', 109999],
      ],
      Vivo: [
        ['V30 Pro', 41999],
        ['X100', 63999],
        ['T3 5G', 19999],
        ['Y28', 13999],
      ],
      Oppo: [
        ['Reno 12', 32999],
        ['F27 Pro+', 27999],
        ['A79 5G', 19999],
      ],
      Realme: [
        ['GT 6', 40999],
        ['Narzo 70 Pro', 19999],
        ['12 Pro+', 29999],
      ],
      Motorola: [
        ['Edge 50 Pro', 31999],
        ['G85 5G', 17999],
        ['Razr 50', 64999],
      ],
      Nothing: [
        ['Phone (2a)', 23999],
        ['Phone (2a) Plus', 27999],
      ],
    },
    features: [
      '6.7-inch AMOLED display',
      '120 Hz refresh rate',
      '50 MP main camera with OIS',
      '5000 mAh battery',
      'fast wired charging',
      '5G on all Indian bands',
      'IP68 water and dust resistance',
      'stereo speakers',
      'in-display fingerprint sensor',
      'Wi-Fi 6 with Bluetooth 5.3',
      'four years of OS updates',
      'Gorilla Glass Victus',
    ],
    forms: [
      {
        when: /^Apple /,
        silhouette: 'phone',
        features: [
          'Super Retina XDR OLED display',
          '48 MP main camera',
          'Face ID',
          'USB-C charging',
          'MagSafe wireless charging',
          'IP68 water and dust resistance',
          'Ceramic Shield front',
          '5G on all Indian bands',
          'Dynamic Island',
        ],
      },
    ],
  },
  {
    key: 'tablets',
    name: 'Tablets',
    code: 'TAB',
    silhouette: 'tablet',
    palette: ['Space Grey', 'Silver', 'Pearl White', 'Ocean Blue', 'Lavender', 'Graphite'],
    colors: 4,
    price: [9999, 149999],
    memory: { sizes: [64, 128, 256, 512], steps: [0, 6000, 16000] },
    brands: {
      Apple: [
        ['iPad 10th Gen', 34999],
        ['iPad Air M2', 59999],
        ['iPad Pro M4', 99999],
        ['iPad mini', 49999],
      ],
      Samsung: [
        ['Galaxy Tab S9', 72999],
        ['Galaxy Tab S9 FE', 36999],
        ['Galaxy Tab A9+', 18999],
      ],
      Xiaomi: [
        ['Pad 6', 26999],
        ['Redmi Pad Pro', 23999],
      ],
      OnePlus: [
        ['Pad 2', 39999],
        ['Pad Go', 19999],
      ],
      Lenovo: [
        ['Tab P12', 29999],
        ['Tab M11', 15999],
        ['Tab Plus', 22999],
      ],
      Realme: [['Pad 2', 39999]],
      Honor: [
        ['Pad 9', 24999],
        ['Pad X9', 14999],
      ],
    },
    features: [
      '11-inch 2.5K display',
      'stylus support',
      'quad speakers with Dolby Atmos',
      '8000 mAh battery',
      'keyboard cover support',
      'Wi-Fi 6',
      '90 Hz refresh rate',
      'metal unibody',
      'split-screen multitasking',
    ],
    forms: [
      {
        when: /^Apple /,
        silhouette: 'tablet',
        features: [
          'Liquid Retina display',
          'Apple Pencil support',
          'USB-C connector',
          'all-day battery life',
          'Magic Keyboard support',
          'Wi-Fi 6E',
          'Centre Stage front camera',
        ],
      },
    ],
  },
  {
    key: 'accessories',
    name: 'Accessories',
    code: 'ACC',
    silhouette: 'charger',
    palette: ['Midnight Black', 'Pearl White', 'Space Grey'],
    colors: 1,
    price: [499, 9999],
    memory: null,
    brands: {
      Anker: [
        ['20W USB-C Charger', 1299],
        ['PowerCore 10000 Power Bank', 2199],
        ['65W GaN Charger', 3999],
        ['USB-C to USB-C Cable', 799],
      ],
      Belkin: [
        ['BoostCharge 15W Wireless Pad', 2999],
        ['BoostCharge USB-C Cable', 1299],
        ['3-in-1 MagSafe Stand', 9999],
      ],
      Samsung: [
        ['25W Travel Adapter', 1499],
        ['Galaxy SmartTag2 Tracker', 2799],
      ],
      Apple: [
        ['MagSafe Charger', 4500],
        ['USB-C to Lightning Cable', 1900],
        ['AirTag Tracker', 3490],
      ],
      Spigen: [
        ['Tough Armor Case', 1499],
        ['Ultra Hybrid Case', 1199],
        ['Glas.tR Screen Protector', 999],
      ],
      Ambrane: [
        ['20000mAh Power Bank', 1799],
        ['Unbreakable Type-C Cable', 499],
      ],
      Portronics: [
        ['Konnect L Braided Cable', 499],
        ['Adapto 65 Charger', 1999],
      ],
      SanDisk: [
        ['Ultra 128GB microSD Card', 1099],
        ['Extreme Portable SSD', 8999],
      ],
      Logitech: [
        ['M331 Silent Mouse', 1195],
        ['K380 Bluetooth Keyboard', 2995],
      ],
      'TP-Link': [
        ['Archer C6 Router', 2499],
        ['Deco M4 Mesh System', 8999],
      ],
    },
    features: [
      'USB-C Power Delivery',
      'BIS certified',
      'over-charge protection',
      'fast charging',
      'compact travel design',
      'LED charge indicator',
      'works with iPhone and Android',
    ],
    forms: [
      {
        when: /Cable/,
        silhouette: 'cable',
        features: [
          'braided nylon jacket',
          'fast charging support',
          'tested for 10,000+ bends',
          'reinforced connector necks',
          '1 metre length',
        ],
      },
      {
        when: /Power Bank/,
        silhouette: 'powerbank',
        features: [
          'two-way USB-C fast charging',
          'charges two devices at once',
          'BIS certified cells',
          'LED charge indicator',
          'over-charge protection',
        ],
      },
      {
        when: /Case|Screen Protector/,
        silhouette: 'case',
        features: [
          'military-grade drop protection',
          'raised edges around the camera and screen',
          'precise cut-outs',
          'scratch-resistant finish',
          'slim, grippy design',
        ],
      },
      {
        when: /Tracker/,
        silhouette: 'tracker',
        features: [
          'finds keys, bags and luggage',
          'replaceable coin battery',
          'water and dust resistance',
          'alerts when left behind',
        ],
      },
      {
        when: /microSD|SSD/,
        silhouette: 'storage',
        features: [
          'fast read and write speeds',
          'shock and water resistance',
          'works with phones, cameras and laptops',
          'pocket-sized',
        ],
      },
      {
        when: /Mouse/,
        silhouette: 'mouse',
        features: [
          'quiet clicks',
          'USB receiver with plug-and-play setup',
          'up to 24 months of battery life',
          'contoured, comfortable shape',
        ],
      },
      {
        when: /Keyboard/,
        silhouette: 'keyboard',
        features: [
          'Bluetooth with three device channels',
          'low-profile, quiet keys',
          'works with Windows, macOS, Android and iOS',
          'up to two years of battery life',
        ],
      },
      {
        when: /Router|Mesh/,
        silhouette: 'router',
        features: [
          'dual-band Wi-Fi',
          'setup in minutes from the app',
          'parental controls',
          'beamforming for a steadier signal',
        ],
      },
    ],
  },
  {
    key: 'laptops',
    name: 'Laptops',
    code: 'LAP',
    silhouette: 'laptop',
    palette: ['Space Grey', 'Silver', 'Midnight Black', 'Ocean Blue', 'Graphite'],
    colors: 4,
    price: [29999, 199999],
    memory: { sizes: [256, 512, 1024, 2048], steps: [0, 8000, 20000] },
    brands: {
      Apple: [
        ['MacBook Air 13 M3', 114900],
        ['MacBook Air 15 M3', 134900],
        ['MacBook Pro 14 M4', 169900],
      ],
      Dell: [
        ['Inspiron 15 3530', 49999],
        ['XPS 13', 139999],
        ['Vostro 3520', 38999],
        ['G15 Gaming', 79999],
      ],
      HP: [
        ['Pavilion 15', 64999],
        ['Victus 16', 74999],
        ['Envy x360', 94999],
        ['OmniBook 5', 69999],
      ],
      Lenovo: [
        ['IdeaPad Slim 3', 44999],
        ['ThinkPad E14', 69999],
        ['Legion 5', 119999],
        ['IdeaPad Gaming 3', 64999],
        ['Yoga 7i', 99999],
      ],
      ASUS: [
        ['Vivobook 15', 39999],
        ['ROG Strix G16', 139999],
        ['Zenbook 14 OLED', 89999],
        ['Vivobook S 14 OLED', 74999],
        ['TUF Gaming A15', 69999],
      ],
      Acer: [
        ['Aspire 7', 54999],
        ['Nitro V 15', 64999],
        ['Swift Go 14', 74999],
      ],
      MSI: [
        ['Modern 14', 42999],
        ['Katana 15', 89999],
      ],
    },
    features: [
      '14-inch FHD IPS display',
      'backlit keyboard',
      'Wi-Fi 6E',
      '1080p webcam with privacy shutter',
      'Windows 11 Home',
      'MS Office Home 2021',
      '65 W USB-C charging',
      'fingerprint reader',
      'aluminium chassis',
      'up to 10 hours of battery',
    ],
    forms: [
      {
        when: /^Apple /,
        silhouette: 'laptop',
        features: [
          'Liquid Retina display',
          'macOS',
          'MagSafe charging',
          '1080p FaceTime HD camera',
          'Touch ID',
          'aluminium unibody',
          'up to 18 hours of battery',
        ],
      },
      {
        when: /Gaming|ROG|Legion|Katana|Nitro|Victus|TUF|G15/,
        silhouette: 'laptop',
        features: [
          '15.6-inch 144 Hz display',
          'RTX 4060 graphics',
          'RGB backlit keyboard',
          'dual-fan cooling',
          'Wi-Fi 6E',
          'Windows 11 Home',
          'MUX switch',
        ],
      },
    ],
  },
  {
    key: 'audio',
    name: 'Audio',
    code: 'AUD',
    silhouette: 'headphones',
    palette: ['Midnight Black', 'Pearl White', 'Ocean Blue', 'Crimson Red', 'Rose Gold', 'Forest Green'],
    colors: 3,
    price: [799, 39999],
    memory: null,
    brands: {
      Sony: [
        ['WH-1000XM5 Headphones', 29990],
        ['WF-1000XM5 Earbuds', 24990],
        ['ULT Field 1 Speaker', 11990],
      ],
      JBL: [
        ['Tune 770NC Headphones', 7999],
        ['Flip 6 Speaker', 9999],
        ['Charge 5 Speaker', 14999],
        ['Tune Beam Earbuds', 5999],
      ],
      boAt: [
        ['Airdopes 141 Earbuds', 1299],
        ['Nirvana Ion Earbuds', 2499],
        ['Rockerz 450 Headphones', 1499],
        ['Stone 1200 Speaker', 3999],
      ],
      Bose: [
        ['QuietComfort Ultra Headphones', 35900],
        ['SoundLink Flex Speaker', 14900],
      ],
      Sennheiser: [
        ['Momentum 4 Headphones', 29990],
        ['CX Plus Earbuds', 12990],
      ],
      Apple: [
        ['AirPods Pro 2nd Gen', 24900],
        ['AirPods 4 Earbuds', 12900],
      ],
      Marshall: [
        ['Major V Headphones', 14999],
        ['Emberton II Speaker', 16999],
      ],
      OnePlus: [['Buds 3 Earbuds', 5499]],
      Noise: [
        ['Buds VS104 Earbuds', 1199],
        ['Airwave Neckband', 999],
      ],
      Samsung: [['Galaxy Buds3 Pro Earbuds', 19999]],
    },
    features: [
      'active noise cancellation',
      '30-hour battery life',
      'Bluetooth 5.3',
      '10-minute fast charge',
      'IPX5 sweat resistance',
      'dual-device pairing',
      'deep bass tuning',
      'low-latency gaming mode',
      'spatial audio',
    ],
    forms: [
      {
        when: /Speaker/,
        silhouette: 'speaker',
        features: [
          'IP67 water and dust resistance',
          'up to 12 hours of playback',
          'Bluetooth 5.3',
          'deep, punchy bass',
          'pairs with a second speaker for stereo',
          'USB-C charging',
        ],
      },
      {
        when: /Earbuds|AirPods|Neckband/,
        silhouette: 'earbuds',
        features: [
          'active noise cancellation',
          'IPX4 sweat resistance',
          'touch controls',
          'Bluetooth 5.3',
          'up to 30 hours of listening',
          'low-latency gaming mode',
        ],
      },
    ],
  },
  {
    key: 'gaming',
    name: 'Gaming',
    code: 'GAM',
    silhouette: 'controller',
    palette: ['Midnight Black', 'Pearl White', 'Crimson Red', 'Ocean Blue'],
    colors: 3,
    price: [1499, 69999],
    memory: null,
    brands: {
      Sony: [
        ['PlayStation 5 Slim Console', 54990],
        ['DualSense Wireless Controller', 5990],
        ['PlayStation Portal', 18990],
      ],
      Microsoft: [
        ['Xbox Series X Console', 55990],
        ['Xbox Series S Console', 34990],
        ['Xbox Wireless Controller', 5390],
      ],
      Nintendo: [
        ['Switch OLED Console', 32999],
        ['Switch Pro Controller', 5999],
      ],
      Logitech: [
        ['G502 HERO Gaming Mouse', 3995],
        ['G213 Prodigy Keyboard', 3795],
        ['G435 Wireless Headset', 6995],
        ['G29 Racing Wheel', 29995],
      ],
      Razer: [
        ['DeathAdder V3 Mouse', 6499],
        ['BlackShark V2 X Headset', 3999],
        ['Huntsman Mini Keyboard', 9999],
      ],
      HyperX: [
        ['Cloud II Headset', 7490],
        ['Alloy Origins Keyboard', 8990],
      ],
      Redgear: [['Pro Series Gamepad', 1599]],
      ASUS: [['ROG Ally Handheld', 69990]],
      Meta: [['Quest 3 VR Headset', 49999]],
    },
    features: [
      'haptic feedback',
      '2.4 GHz wireless',
      'ergonomic grip',
      'programmable buttons',
      'works with PC and console',
    ],
    forms: [
      {
        when: /Switch OLED/,
        silhouette: 'handheld',
        features: [
          '7-inch OLED screen',
          'plays on the TV or in your hands',
          'detachable Joy-Con controllers',
          '64 GB of storage',
        ],
      },
      {
        when: /Wheel/,
        silhouette: 'controller',
        features: [
          'force feedback',
          'stainless steel paddle shifters',
          'three-pedal set included',
          'works with PlayStation and PC',
        ],
      },
      {
        when: /Console/,
        silhouette: 'console',
        features: [
          'ultra-fast SSD storage',
          '4K HDR gaming',
          'ray tracing',
          'plays most games of the previous generation',
          'HDMI 2.1 output',
        ],
      },
      {
        when: /Portal|Handheld/,
        silhouette: 'handheld',
        features: [
          '7-inch full HD screen',
          'built-in controls with haptic feedback',
          'Wi-Fi 6 streaming',
          'USB-C charging',
        ],
      },
      {
        when: /Mouse/,
        silhouette: 'mouse',
        features: ['high-precision optical sensor', 'programmable buttons', 'RGB lighting', 'ergonomic grip'],
      },
      {
        when: /Keyboard/,
        silhouette: 'keyboard',
        features: [
          'mechanical switches',
          'RGB lighting',
          'aircraft-grade aluminium frame',
          'programmable macros',
        ],
      },
      {
        when: /Headset/,
        silhouette: 'headphones',
        features: [
          '7.1 surround sound',
          'detachable microphone',
          'memory-foam ear cushions',
          'works with PC and consoles',
        ],
      },
      {
        when: /VR/,
        silhouette: 'vr',
        features: [
          'mixed reality with full-colour passthrough',
          'Touch Plus controllers',
          'no PC needed',
          'adjustable head strap',
        ],
      },
    ],
  },
  {
    key: 'cameras',
    name: 'Cameras',
    code: 'CAM',
    silhouette: 'camera',
    palette: ['Midnight Black', 'Silver', 'Pearl White', 'Forest Green'],
    colors: 2,
    price: [4999, 249999],
    memory: null,
    brands: {
      Canon: [
        ['EOS R50 Mirrorless Camera', 72999],
        ['EOS R8 Mirrorless Camera', 149999],
        ['EOS 1500D DSLR Camera', 39999],
        ['PowerShot V10 Vlog Camera', 42999],
      ],
      Nikon: [
        ['Z30 Mirrorless Camera', 59999],
        ['Z fc Mirrorless Camera', 84999],
      ],
      Sony: [
        ['Alpha ZV-E10 II Camera', 84999],
        ['Alpha 7 IV Camera', 214999],
      ],
      Fujifilm: [
        ['X-T30 II Camera', 79999],
        ['Instax Mini 12 Instant Camera', 6999],
      ],
      GoPro: [['HERO12 Black Action Camera', 37999]],
      DJI: [
        ['Osmo Pocket 3 Camera', 52999],
        ['Osmo Action 4 Camera', 29999],
      ],
    },
    features: [
      'interchangeable lenses',
      '4K 60 fps video',
      'in-body image stabilisation',
      'flip-out touch screen',
      'fast hybrid autofocus',
      'Wi-Fi and Bluetooth transfer',
      'USB-C charging',
      'weather-sealed body',
    ],
    forms: [
      {
        when: /Instant/,
        silhouette: 'camera',
        features: [
          'prints credit-card-size photos in seconds',
          'automatic exposure',
          'selfie mirror and close-up mode',
          'runs on two AA batteries',
        ],
      },
      {
        when: /Action|Osmo|Vlog/,
        silhouette: 'camera',
        features: [
          '4K 60 fps video',
          'electronic image stabilisation',
          'front screen for framing yourself',
          'USB-C charging',
          'Wi-Fi and Bluetooth transfer',
        ],
      },
    ],
  },
  {
    key: 'watches',
    name: 'Smart Watches',
    code: 'WCH',
    silhouette: 'watch',
    palette: ['Midnight Black', 'Silver', 'Rose Gold', 'Ocean Blue', 'Forest Green', 'Sunset Orange'],
    colors: 3,
    price: [1499, 99999],
    memory: null,
    brands: {
      Apple: [
        ['Watch Series 10', 46900],
        ['Watch SE', 29900],
        ['Watch Ultra 2', 89900],
      ],
      Samsung: [
        ['Galaxy Watch7', 29999],
        ['Galaxy Watch Ultra', 59999],
      ],
      Noise: [['ColorFit Pro 6 Smart Watch', 3999]],
      boAt: [['Wave Sigma Smart Watch', 1799]],
      Amazfit: [
        ['GTR 4 Smart Watch', 16999],
        ['Active 2 Smart Watch', 9999],
      ],
      Garmin: [['Forerunner 265 Smart Watch', 44990]],
      OnePlus: [['Watch 2', 24999]],
      'Fire-Boltt': [['Phoenix Ultra Smart Watch', 2499]],
    },
    features: [
      'always-on AMOLED display',
      'heart-rate and SpO2 tracking',
      'built-in GPS',
      'Bluetooth calling',
      '5 ATM water resistance',
      'sleep tracking',
      '100+ sports modes',
      'up to 7 days of battery',
    ],
  },
  {
    key: 'tvs',
    name: 'TVs',
    code: 'TVS',
    silhouette: 'tv',
    palette: ['Midnight Black', 'Graphite', 'Silver'],
    colors: 1,
    price: [12999, 249999],
    memory: null,
    brands: {
      Samsung: [
        ['Crystal 4K 55-inch Smart TV', 47990],
        ['Neo QLED 65-inch TV', 159990],
      ],
      LG: [
        ['OLED evo C4 55-inch TV', 149990],
        ['UR75 43-inch 4K Smart TV', 32990],
      ],
      Sony: [
        ['Bravia 7 65-inch TV', 179990],
        ['Bravia 2 50-inch TV', 59990],
      ],
      Xiaomi: [['X Pro 55-inch QLED TV', 44999]],
      TCL: [['C655 55-inch QLED TV', 39990]],
      OnePlus: [['Y1S Pro 43-inch Smart TV', 26999]],
      Acer: [['Advanced I Series 32-inch TV', 13999]],
    },
    features: [
      '4K HDR10+ picture',
      'Dolby Vision and Dolby Atmos',
      'Google TV with voice remote',
      '120 Hz panel for gaming',
      'three HDMI 2.1 ports',
      'slim bezel-less design',
      'built-in Chromecast',
    ],
  },
  {
    key: 'monitors',
    name: 'Monitors',
    code: 'MON',
    silhouette: 'monitor',
    palette: ['Midnight Black', 'Silver', 'Pearl White'],
    colors: 2,
    price: [6999, 99999],
    memory: null,
    brands: {
      Dell: [
        ['S2421H 24-inch Monitor', 12999],
        ['UltraSharp U2723QE 27-inch 4K Monitor', 54999],
      ],
      LG: [
        ['UltraGear 27GR75Q Gaming Monitor', 27999],
        ['27UP850N 4K Monitor', 39999],
      ],
      Samsung: [['Odyssey G5 32-inch Curved Monitor', 29999]],
      BenQ: [['GW2490 24-inch Eye-Care Monitor', 9499]],
      ASUS: [['ProArt PA278QV 27-inch Monitor', 32999]],
      Acer: [['Nitro VG240Y Gaming Monitor', 10999]],
      MSI: [['G274F Gaming Monitor', 14999]],
    },
    features: [
      'IPS panel with 99% sRGB',
      '165 Hz refresh rate',
      'USB-C with 65 W power delivery',
      'height-adjustable stand',
      'flicker-free backlight',
      'built-in speakers',
      'VESA wall mount',
    ],
  },
  {
    key: 'printers',
    name: 'Printers',
    code: 'PRN',
    silhouette: 'printer',
    palette: ['Pearl White', 'Midnight Black', 'Space Grey'],
    colors: 1,
    price: [3999, 49999],
    memory: null,
    brands: {
      HP: [
        ['DeskJet 2876 All-in-One Printer', 5999],
        ['LaserJet M1005 Printer', 17999],
        ['Smart Tank 580 Printer', 14999],
      ],
      Canon: [
        ['PIXMA G3770 Ink Tank Printer', 15999],
        ['imageCLASS LBP2900B Laser Printer', 12999],
      ],
      Epson: [
        ['EcoTank L3250 Printer', 13999],
        ['EcoTank L6270 Printer', 24999],
      ],
      Brother: [['HL-L2321D Laser Printer', 10999]],
    },
    features: [
      'Wi-Fi and mobile printing',
      'print, scan and copy',
      'automatic duplex printing',
      'ink tank with low cost per page',
      'up to 30 pages per minute',
      '150-sheet paper tray',
    ],
  },
];

export const COLORS: { name: string; hexcode: string; priceAdj: number }[] = [
  { name: 'Midnight Black', hexcode: '#1c1c1e', priceAdj: 0 },
  { name: 'Pearl White', hexcode: '#f4f4ef', priceAdj: 0 },
  { name: 'Space Grey', hexcode: '#5f6368', priceAdj: 0 },
  { name: 'Silver', hexcode: '#c0c0c0', priceAdj: 0 },
  { name: 'Ocean Blue', hexcode: '#1e6fd9', priceAdj: 0 },
  { name: 'Forest Green', hexcode: '#2e7d32', priceAdj: 0 },
  { name: 'Rose Gold', hexcode: '#b76e79', priceAdj: 1000 },
  { name: 'Crimson Red', hexcode: '#c62828', priceAdj: 0 },
  { name: 'Sunset Orange', hexcode: '#f57c00', priceAdj: 0 },
  { name: 'Lavender', hexcode: '#b39ddb', priceAdj: 500 },
  { name: 'Graphite', hexcode: '#383838', priceAdj: 0 },
  { name: 'Titanium Gold', hexcode: '#c9a96e', priceAdj: 2000 },
];

export const WARRANTIES = ['6-month', '1-year', '1-year', '2-year'];
