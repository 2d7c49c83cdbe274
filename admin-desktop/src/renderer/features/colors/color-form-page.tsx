import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@voltcart/api-client/http';
import { type Color, slugify } from '@voltcart/shared';
import { type FormEvent, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { CatalogForm, NameSlugFields } from '../../components/catalog-form';
import { FormField } from '../../components/form-field';
import { LoadForEdit } from '../../components/query-states';
import { PageHeader } from '../../components/states';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';
import { useApiMutation } from '../../lib/mutations';
import { queries } from '../../lib/queries';
import { staleAfter } from '../../lib/query-keys';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { toast } from '../../stores/toast';

/** `#abc` → `#aabbcc`: the colour picker only takes six digits. */
function expandHex(hex: string): string {
  const m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex.trim());
  return m ? `#${m[1]}${m[1]}${m[2]}${m[2]}${m[3]}${m[3]}`.toLowerCase() : hex.trim().toLowerCase();
}

/** /admin/color/add ('Create New Color') and /admin/color/edit/:colorId ('Edit Color'). */
export function ColorFormPage() {
  const { colorId } = useParams();
  const current = useQuery({ ...queries.color(colorId ?? ''), enabled: Boolean(colorId) });
  return (
    <>
      <PageHeader title={colorId ? 'Edit Color' : 'Create New Color'} />
      <LoadForEdit query={current} editing={Boolean(colorId)}>
        {(color) => <ColorForm key={colorId ?? 'new'} colorId={colorId} current={color} />}
      </LoadForEdit>
    </>
  );
}

/** The form itself, mounted once the colour is loaded so its fields start filled in. */
function ColorForm({ colorId, current }: { colorId?: string; current: Color | null }) {
  const editing = Boolean(colorId);
  const navigate = useNavigate();
  const [name, setName] = useState(current?.name ?? '');
  const startHex = current ? expandHex(current.hexcode) : '#000000';
  const [hexcode, setHexcode] = useState(startHex);
  const [invalid, setInvalid] = useState<string | null>(null);
  const { allowLeave } = useUnsavedChanges(name !== (current?.name ?? '') || hexcode !== startHex);
  // An update sends the name and hexcode only; a new colour also sends the slug (the API derives its own anyway).
  const save = useApiMutation(
    (body: { name: string; hexcode: string }) =>
      colorId
        ? api.color.update({ params: { id: colorId }, body })
        : api.color.create({ body: { ...body, slug: slugify(body.name) } }),
    staleAfter.color,
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setInvalid('Please enter the colour name.');
      return;
    }
    setInvalid(null);
    save.mutate(
      { name: name.trim(), hexcode },
      {
        onSuccess: (reply) => {
          toast.reply(reply, editing ? 'Colour updated.' : 'Colour created.');
          allowLeave();
          navigate(paths.colors);
        },
      },
    );
  };

  return (
    <CatalogForm
      onSubmit={submit}
      error={invalid ?? (save.error ? errorMessage(save.error, 'The colour could not be saved.') : null)}
      busy={save.isPending}
      submitLabel={editing ? 'Edit Color' : 'Create Color'}
      backTo={paths.colors}
    >
      <NameSlugFields
        idPrefix="color"
        label="Name"
        placeholder="e.g. Midnight Black"
        name={name}
        onName={setName}
      />
      <FormField id="color-hex" label="Hex Code">
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
      </FormField>
    </CatalogForm>
  );
}
