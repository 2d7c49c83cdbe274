import { escapeMarkup } from '@voltcart/shared';
import type { Silhouette } from './catalog-data';

/**
 * Sample pictures drawn as SVG: a device silhouette in a body colour on a soft background, with a label. The
 * seed's caller rasterises them and puts them through the normal upload pipeline like any admin upload.
 */

/** Where each silhouette stands. */
const SHADOW: Record<Silhouette, number> = {
  phone: 572,
  tablet: 562,
  laptop: 478,
  headphones: 522,
  controller: 515,
  charger: 560,
  camera: 505,
  watch: 575,
  tv: 560,
  monitor: 570,
  printer: 515,
  speaker: 500,
  earbuds: 530,
  cable: 600,
  powerbank: 565,
  case: 572,
  tracker: 530,
  storage: 500,
  mouse: 578,
  keyboard: 515,
  router: 495,
  console: 565,
  handheld: 515,
  vr: 500,
};

/** A keyboard's keys: rows of small keys in the accent colour, a space bar in the last. */
function keys(accent: string): string {
  const out: string[] = [];
  for (let row = 0; row < 4; row++)
    for (let col = 0; col < 12; col++)
      out.push(
        `<rect x="${138 + col * 45}" y="${304 + row * 42}" width="36" height="32" rx="6" fill="${accent}"/>`,
      );
  out.push(`<rect x="273" y="472" width="254" height="20" rx="6" fill="${accent}"/>`);
  return out.join('');
}

function shape(kind: Silhouette, body: string, accent: string): string {
  switch (kind) {
    case 'phone':
      return `<rect x="290" y="110" width="220" height="440" rx="36" fill="${body}"/>
        <rect x="304" y="138" width="192" height="384" rx="18" fill="${accent}"/>
        <circle cx="400" cy="124" r="6" fill="#222"/>`;
    case 'tablet':
      return `<rect x="190" y="140" width="420" height="400" rx="30" fill="${body}"/>
        <rect x="212" y="162" width="376" height="356" rx="12" fill="${accent}"/>
        <circle cx="400" cy="151" r="5" fill="#222"/>`;
    case 'laptop':
      return `<rect x="210" y="150" width="380" height="250" rx="16" fill="${body}"/>
        <rect x="228" y="166" width="344" height="216" rx="6" fill="${accent}"/>
        <path d="M150 410 H650 L620 460 H180 Z" fill="${body}"/>
        <rect x="360" y="412" width="80" height="8" rx="4" fill="#00000033"/>`;
    case 'headphones':
      return `<path d="M250 380 V320 A150 150 0 0 1 550 320 V380" fill="none" stroke="${body}" stroke-width="34" stroke-linecap="round"/>
        <rect x="205" y="340" width="90" height="160" rx="40" fill="${body}"/>
        <rect x="505" y="340" width="90" height="160" rx="40" fill="${body}"/>
        <rect x="228" y="368" width="44" height="104" rx="22" fill="${accent}"/>
        <rect x="528" y="368" width="44" height="104" rx="22" fill="${accent}"/>`;
    case 'controller':
      return `<path d="M230 260 H570 C650 260 690 420 650 480 C620 520 570 500 540 450 H260 C230 500 180 520 150 480 C110 420 150 260 230 260 Z" fill="${body}"/>
        <rect x="245" y="335" width="70" height="22" rx="6" fill="${accent}"/>
        <rect x="269" y="311" width="22" height="70" rx="6" fill="${accent}"/>
        <circle cx="520" cy="320" r="15" fill="${accent}"/><circle cx="560" cy="355" r="15" fill="${accent}"/>
        <circle cx="480" cy="355" r="15" fill="${accent}"/><circle cx="520" cy="390" r="15" fill="${accent}"/>`;
    case 'charger':
      return `<rect x="300" y="170" width="200" height="230" rx="28" fill="${body}"/>
        <rect x="340" y="130" width="24" height="50" rx="6" fill="#9e9e9e"/>
        <rect x="436" y="130" width="24" height="50" rx="6" fill="#9e9e9e"/>
        <rect x="370" y="330" width="60" height="18" rx="9" fill="${accent}"/>
        <path d="M400 400 C400 480 520 470 540 540" fill="none" stroke="${body}" stroke-width="16" stroke-linecap="round"/>`;
    case 'camera':
      return `<rect x="200" y="250" width="400" height="240" rx="28" fill="${body}"/>
        <rect x="250" y="215" width="120" height="45" rx="10" fill="${body}"/>
        <circle cx="420" cy="370" r="92" fill="#263238"/>
        <circle cx="420" cy="370" r="64" fill="${accent}" stroke="#455a64" stroke-width="10"/>
        <circle cx="540" cy="285" r="14" fill="${accent}"/>`;
    case 'watch':
      return `<rect x="345" y="150" width="110" height="420" rx="40" fill="${body}"/>
        <rect x="300" y="250" width="200" height="220" rx="56" fill="${body}"/>
        <rect x="322" y="272" width="156" height="176" rx="40" fill="#1b1b1b"/>
        <rect x="338" y="288" width="124" height="144" rx="30" fill="${accent}"/>
        <rect x="496" y="320" width="16" height="50" rx="6" fill="${body}"/>`;
    case 'tv':
      return `<rect x="110" y="170" width="580" height="350" rx="12" fill="${body}"/>
        <rect x="124" y="184" width="552" height="310" rx="4" fill="#1b1b1b"/>
        <rect x="124" y="184" width="552" height="310" rx="4" fill="${accent}"/>
        <rect x="250" y="520" width="20" height="40" fill="${body}"/><rect x="530" y="520" width="20" height="40" fill="${body}"/>`;
    case 'monitor':
      return `<rect x="170" y="150" width="460" height="290" rx="14" fill="${body}"/>
        <rect x="186" y="166" width="428" height="244" rx="4" fill="#1b1b1b"/>
        <rect x="186" y="166" width="428" height="244" rx="4" fill="${accent}"/>
        <rect x="380" y="440" width="40" height="110" fill="${body}"/>
        <rect x="300" y="545" width="200" height="22" rx="10" fill="${body}"/>`;
    case 'printer':
      return `<rect x="250" y="180" width="300" height="120" rx="10" fill="#fafafa" stroke="#b0bec5" stroke-width="4"/>
        <rect x="170" y="280" width="460" height="200" rx="24" fill="${body}"/>
        <rect x="230" y="440" width="340" height="70" rx="8" fill="#fafafa" stroke="#b0bec5" stroke-width="4"/>
        <rect x="470" y="310" width="120" height="40" rx="8" fill="${accent}"/>`;
    case 'speaker':
      return `<rect x="170" y="270" width="460" height="200" rx="100" fill="${body}"/>
        <circle cx="275" cy="370" r="62" fill="${accent}"/><circle cx="525" cy="370" r="62" fill="${accent}"/>
        <rect x="372" y="300" width="56" height="140" rx="14" fill="${accent}"/>`;
    case 'earbuds':
      return `<rect x="270" y="330" width="260" height="180" rx="80" fill="${body}"/>
        <rect x="270" y="400" width="260" height="6" fill="#00000033"/>
        <circle cx="400" cy="460" r="8" fill="${accent}"/>
        <ellipse cx="320" cy="215" rx="44" ry="52" fill="${body}"/><rect x="306" y="235" width="28" height="80" rx="14" fill="${body}"/>
        <ellipse cx="480" cy="215" rx="44" ry="52" fill="${body}"/><rect x="466" y="235" width="28" height="80" rx="14" fill="${body}"/>
        <circle cx="320" cy="210" r="18" fill="${accent}"/><circle cx="480" cy="210" r="18" fill="${accent}"/>`;
    case 'cable':
      return `<path d="M250 215 C160 330 640 300 550 410 S260 470 350 560" fill="none" stroke="${body}" stroke-width="22" stroke-linecap="round"/>
        <rect x="222" y="140" width="56" height="84" rx="12" fill="${body}"/><rect x="236" y="118" width="28" height="26" rx="4" fill="#9e9e9e"/>
        <rect x="322" y="540" width="56" height="40" rx="12" fill="${body}"/><rect x="336" y="576" width="28" height="22" rx="4" fill="#9e9e9e"/>`;
    case 'powerbank':
      return `<rect x="290" y="150" width="220" height="400" rx="30" fill="${body}"/>
        <rect x="370" y="162" width="60" height="12" rx="6" fill="#00000033"/>
        <circle cx="355" cy="480" r="9" fill="${accent}"/><circle cx="385" cy="480" r="9" fill="${accent}"/>
        <circle cx="415" cy="480" r="9" fill="${accent}"/><circle cx="445" cy="480" r="9" fill="#00000022"/>`;
    case 'case':
      return `<rect x="290" y="110" width="220" height="440" rx="40" fill="${body}"/>
        <rect x="316" y="136" width="96" height="106" rx="26" fill="${accent}"/>
        <circle cx="344" cy="166" r="16" fill="#263238"/><circle cx="384" cy="212" r="16" fill="#263238"/>
        <circle cx="400" cy="380" r="26" fill="${accent}"/>`;
    case 'tracker':
      return `<circle cx="400" cy="360" r="150" fill="${body}"/>
        <circle cx="400" cy="360" r="112" fill="${accent}"/><circle cx="400" cy="360" r="22" fill="${body}"/>`;
    case 'storage':
      return `<rect x="240" y="220" width="320" height="260" rx="40" fill="${body}"/>
        <rect x="280" y="256" width="240" height="64" rx="10" fill="${accent}"/>
        <circle cx="520" cy="440" r="16" fill="#00000033"/>`;
    case 'mouse':
      return `<path d="M400 170 C510 170 540 260 540 360 C540 480 480 560 400 560 C320 560 260 480 260 360 C260 260 290 170 400 170 Z" fill="${body}"/>
        <path d="M400 172 V300" stroke="#00000033" stroke-width="6"/>
        <rect x="388" y="220" width="24" height="54" rx="12" fill="${accent}"/>`;
    case 'keyboard':
      return `<rect x="110" y="280" width="580" height="230" rx="24" fill="${body}"/>${keys(accent)}`;
    case 'router':
      return `<rect x="180" y="360" width="440" height="120" rx="24" fill="${body}"/>
        <rect x="230" y="180" width="20" height="190" rx="10" fill="${body}"/><rect x="330" y="150" width="20" height="220" rx="10" fill="${body}"/>
        <rect x="450" y="150" width="20" height="220" rx="10" fill="${body}"/><rect x="550" y="180" width="20" height="190" rx="10" fill="${body}"/>
        <circle cx="300" cy="420" r="9" fill="${accent}"/><circle cx="340" cy="420" r="9" fill="${accent}"/>
        <circle cx="380" cy="420" r="9" fill="${accent}"/><circle cx="420" cy="420" r="9" fill="${accent}"/>`;
    case 'console':
      return `<rect x="300" y="120" width="200" height="430" rx="36" fill="${body}"/>
        <rect x="382" y="120" width="36" height="430" fill="#00000022"/>
        <rect x="330" y="480" width="60" height="10" rx="5" fill="${accent}"/>`;
    case 'handheld':
      return `<rect x="130" y="260" width="540" height="240" rx="80" fill="${body}"/>
        <rect x="245" y="282" width="310" height="196" rx="12" fill="#1b1b1b"/>
        <rect x="245" y="282" width="310" height="196" rx="12" fill="${accent}"/>
        <rect x="168" y="366" width="50" height="16" rx="5" fill="${accent}"/><rect x="185" y="349" width="16" height="50" rx="5" fill="${accent}"/>
        <circle cx="610" cy="350" r="12" fill="${accent}"/><circle cx="610" cy="400" r="12" fill="${accent}"/>
        <circle cx="585" cy="375" r="12" fill="${accent}"/><circle cx="635" cy="375" r="12" fill="${accent}"/>`;
    case 'vr':
      return `<path d="M200 370 C120 370 110 300 170 280" fill="none" stroke="${body}" stroke-width="26" stroke-linecap="round"/>
        <path d="M600 370 C680 370 690 300 630 280" fill="none" stroke="${body}" stroke-width="26" stroke-linecap="round"/>
        <rect x="200" y="270" width="400" height="210" rx="80" fill="${body}"/>
        <rect x="236" y="302" width="328" height="146" rx="60" fill="${accent}"/>`;
  }
}

/** The three angles each colour is shown from: the front, the back and a turned view. */
export type View = 'front' | 'back' | 'turned';
export const VIEWS: View[] = ['front', 'back', 'turned'];

/**
 * The device in its body colour as seen from `view`, with a thin outline so that a white or silver body stays
 * visible on the light background. The back covers the screen in the body colour (a darker panel and a logo
 * dot); the turned view is the front rotated and narrowed.
 */
function device(kind: Silhouette, body: string, view: View): string {
  const outline = `stroke="#00000038" stroke-width="3"`;
  if (view === 'back') {
    return `<g transform="translate(800 0) scale(-1 1)" ${outline}>${shape(kind, body, '#00000022')}</g>
      <circle cx="400" cy="340" r="18" fill="#ffffff55"/>`;
  }
  const front = `<g ${outline}>${shape(kind, body, '#ffffff2e')}</g>`;
  return view === 'front'
    ? front
    : `<g transform="translate(400 400) rotate(-12) scale(0.82 0.94) translate(-400 -400)">${front}</g>`;
}

/** An 800×800 picture of a device silhouette, with an optional label (category pictures carry their name). */
export function drawPicture(opts: {
  kind: Silhouette;
  body: string;
  background: [string, string];
  view?: View;
  label?: string;
  caption?: string;
}): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${opts.background[0]}"/><stop offset="1" stop-color="${opts.background[1]}"/>
    </linearGradient></defs>
    <rect width="800" height="800" fill="url(#bg)"/>
    <ellipse cx="400" cy="${SHADOW[opts.kind]}" rx="230" ry="22" fill="#00000018"/>
    ${device(opts.kind, opts.body, opts.view ?? 'front')}
    ${
      opts.label
        ? `<text x="400" y="680" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="56" font-weight="bold" fill="#263238">${escapeMarkup(opts.label)}</text>`
        : ''
    }
    ${
      opts.caption
        ? `<text x="400" y="735" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" fill="#455a64">${escapeMarkup(opts.caption)}</text>`
        : ''
    }
  </svg>`;
}
