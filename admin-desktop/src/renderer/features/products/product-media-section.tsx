import type { Product } from '@voltcart/shared';
import { gstSlabsOn } from '@voltcart/shared';
import { FileField } from '../../components/file-field';
import { FormField, TextAreaField, TextField } from '../../components/form-field';
import { ProgressBar } from '../../components/progress-bar';
import { SafeImage } from '../../components/safe-image';
import { imageSrc } from '../../lib/api';
import type { ProductFields } from './product-form-state';

/** The GST slabs in force (percent), and a rate saved under older slabs so it shows as it is. */
function gstRateChoices(saved?: string): number[] {
  const slabs = gstSlabsOn(new Date()).map((b) => b / 100);
  const old = saved ? Number(saved) : Number.NaN;
  return Number.isFinite(old) && !slabs.includes(old) ? [...slabs, old].sort((a, b) => a - b) : slabs;
}

/** The thumbnail (its upload's progress while saving), video, tax codes and descriptions. */
export function ProductMediaSection(
  props: ProductFields & {
    current: Product | null;
    thumb: File[];
    onThumb: (files: File[]) => void;
    /** How much of the thumbnail is sent (percent), while saving. */
    sent: number | null;
  },
) {
  const { f, set, bind, current, thumb, sent } = props;
  return (
    <fieldset className="form-section">
      <legend>Media and text</legend>
      <div className="grid-2">
        <div>
          {current?.thumbnail && (
            <div className="field">
              <span className="field-label">Current thumbnail</span>
              <SafeImage
                className="current-image"
                src={imageSrc('product', current.thumbnail, 'sm')}
                alt={f.name}
              />
            </div>
          )}
          <FileField label="Thumbnail" name="thumbnail" files={thumb} onChange={props.onThumb} />
          {sent !== null && <ProgressBar value={sent} label="Thumbnail upload" small />}
        </div>
        <TextField id="p-video" label="Video URL" type="url" placeholder="https://" {...bind('videoUrl')} />
        <TextField
          id="p-hsn"
          label="HSN code"
          inputMode="numeric"
          maxLength={8}
          aria-describedby="p-tax-hint"
          {...bind('hsnCode')}
        />
        <FormField id="p-gst-rate" label="GST rate">
          <select
            id="p-gst-rate"
            name="gstRate"
            aria-describedby="p-tax-hint"
            value={f.gstRate ?? ''}
            onChange={(e) => set('gstRate', e.target.value)}
          >
            <option value="">The category's</option>
            {gstRateChoices(f.gstRate).map((r) => (
              <option key={r} value={String(r)}>
                {r} %
              </option>
            ))}
          </select>
          <span className="hint" id="p-tax-hint">
            Empty: the category's HSN code and rate (Tax screen) print on this product's invoices.
            {current?.tax &&
              ` Now: ${current.tax.applies.hsnCode || 'no HSN code'}, ${current.tax.applies.gstRate} %.`}
          </span>
        </FormField>
      </div>
      <TextAreaField id="p-short" label="Short Description" rows={2} {...bind('shortDescription')} />
      <TextAreaField id="p-long" label="Long Description" rows={6} {...bind('longDescription')} />
    </fieldset>
  );
}
