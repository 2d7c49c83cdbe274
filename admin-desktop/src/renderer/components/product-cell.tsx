import type { ReactNode } from 'react';
import { imageSrc } from '../lib/api';
import { SafeImage } from './safe-image';

/**
 * A table cell's product: its small thumbnail (decorative: the name beside it says what it is) and what the
 * table shows of it.
 */
export function ProductCell(props: { thumbnail: string | null | undefined; children: ReactNode }) {
  return (
    <div className="product-cell">
      <SafeImage className="thumb" src={imageSrc('product', props.thumbnail, 'sm')} alt="" size={36} />
      {props.children}
    </div>
  );
}
