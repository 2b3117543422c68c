import { FIELD_KEYS } from '@laurel/certificate';

/** Letters of the scripts whose names are written family name first, as one run: Han, Hiragana, Katakana, Hangul. */
const FAMILY_FIRST = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
/** Letters of any other script (Latin, Cyrillic, Arabic …): a name with them is read the Western way. */
const OTHER_LETTER = /(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])\p{L}/u;

/**
 * Whether a name is written in a family-name-first script (Chinese, Japanese, Korean) and nothing
 * else. Such a name cannot be cut into given and family name by spaces, and a certificate that
 * prints "first last" would turn "王小明" into "小明 王".
 */
export function isFamilyNameFirst(name: string): boolean {
  return FAMILY_FIRST.test(name) && !OTHER_LETTER.test(name);
}

/**
 * The parts a whole name fills, keeping the order it was written in (a certificate prints first
 * name, a space, then last name). A Western name splits at its last space: "Mary Ann Smith" is
 * "Mary Ann" and "Smith". A name in a family-name-first script stays whole as the first name with
 * no last name, so it prints exactly as written. One word stays whole too ("Cher").
 */
export function splitFullName(full: string): { first: string; last: string } {
  const trimmed = full.trim().replace(/\s+/g, ' ');
  if (isFamilyNameFirst(trimmed)) return { first: trimmed, last: '' };
  const at = trimmed.lastIndexOf(' ');
  return at === -1 ? { first: trimmed, last: '' } : { first: trimmed.slice(0, at), last: trimmed.slice(at + 1) };
}

/**
 * A row whose combined name column ("FIRST_NAME LAST_NAME") is filled and whose name parts are not
 * gets its parts from it, so that every row can be checked and edited by first and last name.
 */
export function withNameParts<T extends Record<string, string | undefined>>(values: T): T {
  const full = values[FIELD_KEYS.full];
  if (full === undefined || (values[FIELD_KEYS.first] ?? '').trim() || (values[FIELD_KEYS.last] ?? '').trim()) return values;
  const { first, last } = splitFullName(full);
  return { ...values, [FIELD_KEYS.first]: first, [FIELD_KEYS.last]: last };
}

/** A name as people read it: first, then last, once; never "undefined" nor a stray space. */
export const displayName = (first: string | undefined, last: string | undefined) => `${first ?? ''} ${last ?? ''}`.trim();
