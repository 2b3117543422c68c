import type { CertificateDesign } from '@laurel/certificate';
import type { HistoryKind } from './actions.ts';

/** docs/product/builder.md#flows: at most 50 actions are kept. */
export const HISTORY_LIMIT = 50;

export interface HistoryEntry {
  kind: HistoryKind;
  before: CertificateDesign;
  after: CertificateDesign;
}

/** Entries up to `index` are done; those after it can be redone until a new action discards them. */
export interface History {
  entries: HistoryEntry[];
  index: number;
}

export const emptyHistory = (): History => ({ entries: [], index: 0 });

export function pushEntry(history: History, entry: HistoryEntry): History {
  const entries = [...history.entries.slice(0, history.index), entry].slice(-HISTORY_LIMIT);
  return { entries, index: entries.length };
}

/** Folds a follow-up change into the last entry, so one undo reverts both (the format change and its nudge). */
export function amendLast(history: History, after: CertificateDesign): History {
  const last = history.entries[history.index - 1];
  if (!last) return history;
  const entries = [...history.entries];
  entries[history.index - 1] = { ...last, after };
  return { entries, index: history.index };
}

export const canUndo = (history: History) => history.index > 0;
export const canRedo = (history: History) => history.index < history.entries.length;
