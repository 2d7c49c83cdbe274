import type { z } from 'zod';

/** What a field's schema may carry: the label staff see beside it on the form (`.meta({ label })`). */
interface Labelled {
  meta?: () => { label?: unknown } | undefined;
  def?: { innerType?: unknown; in?: unknown; shape?: Record<string, unknown> };
  shape?: Record<string, unknown>;
}

/** The schema itself, then what it wraps (optional, default, nullable, pipe input), outermost first. */
function* layers(schema: unknown): Generator<Labelled> {
  let s = schema as Labelled | undefined;
  for (let depth = 0; s && depth < 10; depth++) {
    yield s;
    s = (s.def?.innerType ?? s.def?.in) as Labelled | undefined;
  }
}

/**
 * The label of the field at `path` in an object schema, as the form shows it, when the schema gives one.
 * - a field's label is set with `.meta({ label: 'Video URL' })` on its schema, before or after `.optional()`
 * - wrappers are looked through (optional, default, nullable, pipes, refinements); nested objects by path
 * - no label: undefined (the caller names the field as it is sent)
 */
export function fieldLabel(schema: z.ZodType, path: readonly PropertyKey[]): string | undefined {
  let at: unknown = schema;
  for (const key of path) {
    let next: unknown;
    for (const layer of layers(at)) {
      const shape = layer.shape ?? layer.def?.shape;
      if (shape && typeof key === 'string' && key in shape) {
        next = shape[key];
        break;
      }
    }
    if (next === undefined) return undefined;
    at = next;
  }
  if (at === schema) return undefined;
  for (const layer of layers(at)) {
    const label = layer.meta?.()?.label;
    if (typeof label === 'string') return label;
  }
  return undefined;
}
