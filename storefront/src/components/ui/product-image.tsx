import type { ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../../lib/images';

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'width' | 'height' | 'alt' | 'src'> & {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images load eagerly with high priority (good for LCP); others lazily. */
  priority?: boolean;
};

/** An image with explicit size (no layout shift), lazy by default, falling back to a placeholder. */
export function ProductImage({ src, alt, width, height, priority = false, ...rest }: Props) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      onError={(e) => {
        const img = e.currentTarget;
        if (img.src !== PLACEHOLDER_IMAGE) img.src = PLACEHOLDER_IMAGE;
      }}
      {...rest}
    />
  );
}
