/** Decorative hero illustration (inline SVG: no image request on the home page's first paint). */
export function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 360 280" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="hero-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7fb0ff" />
          <stop offset="1" stopColor="#3d6bff" />
        </linearGradient>
        <linearGradient id="hero-phone" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffe27a" />
          <stop offset="1" stopColor="#ff9f43" />
        </linearGradient>
      </defs>
      <circle cx="220" cy="130" r="120" fill="rgba(255,255,255,0.08)" />
      <rect x="78" y="70" width="220" height="140" rx="12" fill="#0f1d3d" />
      <rect x="90" y="82" width="196" height="116" rx="6" fill="url(#hero-screen)" />
      <path d="M60 214h256l-14 14H74z" fill="#0f1d3d" />
      <rect x="236" y="96" width="80" height="152" rx="16" fill="#0f1d3d" />
      <rect x="243" y="104" width="66" height="136" rx="11" fill="url(#hero-phone)" />
      <circle cx="276" cy="118" r="4" fill="#0f1d3d" />
      <g fill="none" stroke="#fff" strokeWidth="9" strokeLinecap="round" opacity="0.9">
        <path d="M40 150a42 42 0 0 1 84 0" />
      </g>
      <rect x="30" y="146" width="22" height="40" rx="10" fill="#fff" />
      <rect x="112" y="146" width="22" height="40" rx="10" fill="#fff" />
      <path d="M170 110 154 140h14l-6 26 22-34h-15z" fill="#fff" opacity="0.85" />
    </svg>
  );
}
