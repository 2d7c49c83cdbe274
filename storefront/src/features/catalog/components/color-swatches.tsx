import type { Color } from '@voltcart/shared';

interface Props {
  colors: Color[];
  active: string;
  onSelect: (slug: string) => void;
}

/** Colour filter: one toggle button per colour; choosing the active one again clears the filter. */
export function ColorSwatches({ colors, active, onSelect }: Props) {
  if (colors.length === 0) return null;
  return (
    <fieldset className="swatches">
      <legend className="visually-hidden">Filter by colour</legend>
      {colors.map((c) => {
        const on = c.slug === active;
        return (
          <button
            key={c._id}
            type="button"
            className={`swatch ${on ? 'is-active' : ''}`}
            aria-pressed={on}
            aria-label={c.name}
            title={c.name}
            onClick={() => onSelect(on ? '' : c.slug)}
          >
            <span className="swatch__dot" style={{ background: c.hexcode }} />
          </button>
        );
      })}
    </fieldset>
  );
}
