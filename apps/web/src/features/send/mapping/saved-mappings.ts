import type { RecipientField } from '@laurel/certificate';
import type { Mapping, MappingRule } from '@laurel/domain';

const sameTitle = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The rules a mapping is saved as: every column by its header, with the field it fills or none. */
export const rulesOf = (headers: string[], mapping: (string | null)[]): MappingRule[] =>
  headers.map((title, i) => ({ title, mapped: mapping[i] ?? null }));

/**
 * A saved mapping applied to this list: each column takes the field its header had, when this
 * certificate has that field; columns the mapping does not know stay unmapped.
 */
export function applyMapping(saved: Mapping, headers: string[], fields: RecipientField[]): { mapping: (string | null)[]; matched: number } {
  const keys = new Set(fields.map((f) => f.key));
  const used = new Set<string>();
  let matched = 0;
  const mapping = headers.map((header) => {
    const rule = saved.rules.find((r) => sameTitle(r.title, header));
    if (!rule) return null;
    matched += 1;
    const candidates = Array.isArray(rule.mapped) ? rule.mapped : rule.mapped ? [rule.mapped] : [];
    const key = candidates.find((k) => keys.has(k) && !used.has(k)) ?? null;
    if (key) used.add(key);
    return key;
  });
  return { mapping, matched };
}
