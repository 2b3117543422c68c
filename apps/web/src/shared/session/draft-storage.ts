/**
 * Where the send wizard keeps its drafts (sessionStorage), apart from the draft's contents. It belongs to the
 * session rather than to the wizard: sign-out (useSignOut.ts) clears every draft, and shared code imports no
 * feature, nor should the app shell load the wizard's row rules to do so.
 */
const PREFIX = 'laurel.send-draft.';

/**
 * One draft per person, account and certificate set. The user is part of the key as well as the
 * account: two people may share a browser, and sign-out clears every draft (`forgetDrafts`).
 */
export const draftKey = (who: { userId: number; accountId: number }, certificateId: number) =>
  `${PREFIX}${who.userId}.${who.accountId}.${certificateId}`;

export function forgetDraft(key: string): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}

/** Every draft of this tab, whoever made it: on sign-out, so the next person finds none. */
export function forgetDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing was stored.
  }
}
