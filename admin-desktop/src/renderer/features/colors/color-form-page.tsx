import { errorMessage } from '@voltcart/api-client/http';
import { type Color, slugify } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorBox, PageHeader, Spinner } from '../../components/states';
import { paths } from '../../config/paths';
import { catalog } from '../../lib/api';
import { useLoad } from '../../lib/hooks';
import { toast } from '../../stores/toast';

/** `#abc` → `#aabbcc`: the colour picker only takes six digits. */
export function expandHex(hex: string): string {
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex.trim());
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase() : hex.trim().toLowerCase();
}

/** /admin/color/add ('Create New Color') and /admin/color/edit/:colorId ('Edit Color'). */
export function ColorFormPage() {
  const { colorId } = useParams();
  const current = useLoad(async () => (colorId ? catalog.color(colorId) : null), [colorId]);
  return (
    <>
      <PageHeader title={colorId ? 'Edit Color' : 'Create New Color'} />
      {colorId && current.loading ? (
        <Spinner />
      ) : colorId && current.error ? (
        <ErrorBox message={current.error} onRetry={current.reload} />
      ) : (
        <ColorForm key={colorId ?? 'new'} colorId={colorId} current={current.data ?? null} />
      )}
    </>
  );
}

/** The form itself, mounted once the colour is loaded so its fields start filled in. */
function ColorForm({ colorId, current }: { colorId?: string; current: Color | null }) {
  const editing = Boolean(colorId);
  const navigate = useNavigate();
  const [name, setName] = useState(current?.name ?? '');
  const [hexcode, setHexcode] = useState(current ? expandHex(current.hexcode) : '#000000');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setError('Please enter the colour name.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const reply = colorId
        ? await catalog.updateColor(colorId, { name: name.trim(), hexcode })
        : await catalog.createColor({ name: name.trim(), hexcode });
      toast.reply(reply, editing ? 'Colour updated.' : 'Colour created.');
      navigate(paths.colors);
    } catch (err) {
      setError(errorMessage(err, 'The colour could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="panel form" onSubmit={submit} noValidate>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      <div className="field">
        <label className="field-label" htmlFor="color-name">
          Name
        </label>
        <input
          id="color-name"
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Midnight Black"
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor="color-slug">
          Slug
        </label>
        <input id="color-slug" name="slug" value={slugify(name)} readOnly className="readonly" />
        <span className="hint">Made from the name automatically.</span>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="color-hex">
          Hex Code
        </label>
        <div className="color-field">
          <input
            id="color-hex"
            name="hexcode"
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(hexcode) ? hexcode : '#000000'}
            onChange={(e) => setHexcode(e.target.value)}
          />
          <span className="mono">{hexcode}</span>
        </div>
      </div>
      <div className="form-actions">
        <button className="btn btn-primary" type="submit" disabled={busy}>
          {editing ? 'Edit Color' : 'Create Color'}
        </button>
        <Link to={paths.colors} className="btn btn-ghost">
          Go Back
        </Link>
      </div>
    </form>
  );
}
