import { useState } from 'react';

/** Shown when an image is missing or fails to load, so a row never shows a broken picture. */
const PLACEHOLDER =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="8" fill="#eef1f6"/><path d="M18 44l9-11 7 8 5-6 7 9z" fill="#c3cad6"/><circle cx="25" cy="24" r="4" fill="#c3cad6"/></svg>',
  );

/** `src` null or '' (no picture) shows the placeholder. */
export function SafeImage(props: { src: string | null; alt: string; className?: string; size?: number }) {
  const [failed, setFailed] = useState<string | null>(null);
  const src = props.src && failed !== props.src ? props.src : PLACEHOLDER;
  return (
    <img
      className={props.className}
      src={src}
      alt={props.alt}
      width={props.size}
      height={props.size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(props.src)}
    />
  );
}
