import { type BandColumn, BandTable } from './band-table';
import type { ValueBandForm } from './shipping-form';

interface Props {
  id: string;
  bands: ValueBandForm[];
  onChange: (bands: ValueBandForm[]) => void;
}

const COLUMNS: readonly BandColumn<ValueBandForm>[] = [
  { field: 'from', heading: 'From (₹)', label: 'from (₹)', inputMode: 'decimal' },
  { field: 'to', heading: 'Up to (₹, blank: no limit)', label: 'up to (₹)', inputMode: 'decimal' },
  { field: 'fee', heading: 'Fee (₹)', label: 'fee (₹)', inputMode: 'decimal' },
];

/** A zone's rates by order value: added to the weight band's fee below the free-shipping threshold. */
export function ValueBandsEditor({ id, bands, onChange }: Props) {
  return (
    <BandTable
      caption="Rates by order value (added to the weight rate)"
      rowName="Value band"
      columns={COLUMNS}
      bands={bands}
      onChange={onChange}
      newBand={(last) => ({ from: last ? last.to : '0', to: '', fee: '0' })}
      addLabel="Add value band"
      hint={{
        id: `${id}-value-hint`,
        text: bands.length
          ? 'Bands start at ₹0, each where the one before ends; the last has no upper limit.'
          : 'No rates by order value: the weight rate alone is charged.',
      }}
    />
  );
}
