import type { Mapping } from '@laurel/domain';
import type { RecipientValues } from './api/send.ts';
import { adoptRows, type ImportTable, type RecipientRow } from './rows.ts';

export type DraftStep = 'import' | 'map' | 'preview' | 'save';

/**
 * Everything the wizard holds for one certificate until the project is saved: what was pasted or
 * uploaded, the column choices, the rows with their edits, and which rows are left out. Kept in this
 * tab's sessionStorage so that Back, Next and a reload find it again.
 */
export interface WizardDraft {
  step: DraftStep;
  /** The text in the paste box, as typed or pasted. */
  pasted: string;
  table: ImportTable | null;
  mapping: (string | null)[];
  autoMatched: number;
  applied: Mapping | null;
  rows: RecipientRow[];
  /** The mapping the rows were read with (JSON); the rows are read again only when it changes. */
  rowsMapping: string | null;
  /** Whether rows were edited, added or deleted in the preview since they were read. */
  edited: boolean;
  /** Rows the issuer chose to leave out, by uid. */
  leftOut: number[];
  /** The grid of "Type them in". */
  manual: RecipientValues[];
}

export const emptyDraft = (): WizardDraft => ({
  step: 'import',
  pasted: '',
  table: null,
  mapping: [],
  autoMatched: 0,
  applied: null,
  rows: [],
  rowsMapping: null,
  edited: false,
  leftOut: [],
  manual: [{}],
});

export function readDraft(key: string): WizardDraft | null {
  try {
    const stored = sessionStorage.getItem(key);
    if (!stored) return null;
    const draft = { ...emptyDraft(), ...(JSON.parse(stored) as Partial<WizardDraft>) };
    adoptRows(draft.rows);
    return draft;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: WizardDraft): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full (a very long list) or refused (some private windows): the wizard still works, only a reload starts over.
  }
}

/** Whether a draft holds anything the issuer would mind losing. */
export const draftHasData = (draft: WizardDraft) =>
  draft.table !== null ||
  draft.rows.length > 0 ||
  draft.pasted.trim() !== '' ||
  draft.manual.some((row) => Object.values(row).some(Boolean));
