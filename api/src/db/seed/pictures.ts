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
};

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
