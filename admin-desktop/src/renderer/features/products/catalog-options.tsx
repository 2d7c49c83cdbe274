import type { Category, Color } from '@voltcart/shared';

/** The options of a category or colour choice: every one by name, those hidden from the shop marked. */
export function CatalogOptions(props: { items?: Pick<Category | Color, '_id' | 'name' | 'status'>[] }) {
  return (
    <>
      {(props.items ?? []).map((c) => (
        <option key={c._id} value={c._id}>
          {c.name}
          {c.status ? '' : ' (inactive)'}
        </option>
      ))}
    </>
  );
}
