import { useCallback, useEffect, useRef, useState } from 'react';
import { draftKey, forgetDraft } from '../../shared/session/draft-storage.ts';
import { draftHasData, emptyDraft, readDraft, type WizardDraft, writeDraft } from './wizard-draft.ts';

/**
 * The wizard's draft for one certificate: read from this tab's storage when the certificate is
 * chosen (or the page reloads), written back after each change. `discard` starts over; `forget`
 * drops the stored copy once the project is saved, leaving the screen as it is until it moves on.
 */
export function useWizardDraft(who: { userId: number; accountId: number }, certificateId: number | null) {
  const key = certificateId === null ? null : draftKey(who, certificateId);
  const [state, setState] = useState<{ key: string | null; draft: WizardDraft }>(() => ({
    key,
    draft: (key && readDraft(key)) || emptyDraft(),
  }));
  const forgotten = useRef(false);

  // Another certificate (or person): its own draft, read during render so no step shows the old one.
  let current = state;
  if (state.key !== key) {
    current = { key, draft: (key && readDraft(key)) || emptyDraft() };
    setState(current);
  }
  const { draft } = current;

  // Written a moment after the last change (a long list is costly to write on every keystroke), and
  // at once when the page is left or reloaded, or the wizard turns to another certificate.
  const latest = useRef(current);
  latest.current = current;
  const save = useCallback((kept: { key: string | null; draft: WizardDraft }) => {
    if (!kept.key || forgotten.current) return;
    if (draftHasData(kept.draft)) writeDraft(kept.key, kept.draft);
    else forgetDraft(kept.key);
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(() => save(state), 250);
    return () => {
      window.clearTimeout(timer);
      if (latest.current.key !== state.key) save(state);
    };
  }, [state, save]);
  useEffect(() => {
    const flush = () => save(latest.current);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [save]);

  const update = useCallback((change: Partial<WizardDraft>) => {
    setState((s) => ({ ...s, draft: { ...s.draft, ...change } }));
  }, []);

  const discard = useCallback(() => {
    setState((s) => {
      if (s.key) forgetDraft(s.key);
      return { ...s, draft: emptyDraft() };
    });
  }, []);

  const forget = useCallback(() => {
    forgotten.current = true;
    if (key) forgetDraft(key);
  }, [key]);

  return { draft, update, discard, forget, hasData: draftHasData(draft) };
}
