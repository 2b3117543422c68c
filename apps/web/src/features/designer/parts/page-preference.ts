import { PAGE_FORMATS, type PageFormat } from '@laurel/certificate';

/** The page a user last chose for a blank certificate: its paper size and orientation. */
export interface PagePreference {
  format: PageFormat;
  /** Unset until a blank certificate has been made: choosing a paper size alone says nothing about it. */
  is_portrait?: boolean;
}

/**
 * Kept in this browser, per user: the server has no per-user settings it lets a user write (the
 * user's `pagination` is read-only), and a page size is a convenience worth no new table.
 */
const key = (userId: number) => `laurel.new-certificate-page.${userId}`;

export function loadPagePreference(userId: number): PagePreference | null {
  try {
    const stored = JSON.parse(localStorage.getItem(key(userId)) ?? 'null') as Partial<PagePreference> | null;
    if (!stored || !PAGE_FORMATS.includes(stored.format as PageFormat)) return null;
    return { format: stored.format as PageFormat, ...(typeof stored.is_portrait === 'boolean' ? { is_portrait: stored.is_portrait } : {}) };
  } catch {
    return null;
  }
}

export function savePagePreference(userId: number, preference: PagePreference): void {
  try {
    localStorage.setItem(key(userId), JSON.stringify(preference));
  } catch {
    // Storage full or refused (private windows): the page simply starts from Letter next time.
  }
}
