/** A promotion's JSON list column (targets, requires_targets) as strings; empty when absent or malformed. */
export function jsonList(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}
