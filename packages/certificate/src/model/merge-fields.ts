/** Bracketed merge fields: "[FIRST NAME]". */
const MERGE_FIELD = /\[([^[\]]+)\]/g;

export function mergeFieldNames(text: string): string[] {
  return [...text.matchAll(MERGE_FIELD)].map((m) => m[1]!.trim());
}

export function hasMergeField(text: string): boolean {
  return mergeFieldNames(text).length > 0;
}

export function countChar(text: string, char: string): number {
  let n = 0;
  for (const c of text) if (c === char) n++;
  return n;
}

/** Replaces each bracketed field by `lookup(name)`; a field the lookup does not know stays as written. */
export function replaceMergeFields(text: string, lookup: (name: string) => string | undefined): string {
  return text.replace(MERGE_FIELD, (whole, name: string) => lookup(name.trim()) ?? whole);
}

/** Normalised key for comparing merge field names (spec: compared lowercased). */
export function mergeKey(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
