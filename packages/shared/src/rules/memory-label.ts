/**
 * A memory size as shoppers read it, the same in filters, product pages, carts and orders.
 * - whole terabytes (1024 GB and its multiples) as "1 TB", "2 TB"
 * - everything else in GB: "256 GB", "1536 GB"
 */
export function memoryLabel(gb: number): string {
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} TB` : `${gb} GB`;
}

/** A cart or order line's options as one label: "Crimson Red · 1 TB"; '' when it has none. */
export function optionsLabel(
  colorName: string | null | undefined,
  memorySize: number | null | undefined,
): string {
  return [colorName || null, memorySize ? memoryLabel(memorySize) : null].filter(Boolean).join(' · ');
}
