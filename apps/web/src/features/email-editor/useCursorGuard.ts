import { EMAIL_DESIGN_MESSAGES } from '@laurel/domain';
import type { Editor } from '@tiptap/core';
import { useCallback, useEffect, useRef } from 'react';
import { notifyError } from '../../shared/lib/notify.ts';

/**
 * Images, attachments and links go where the issuer's cursor is, so they must have placed it in the
 * body first (docs/product/email-editor.md#rules-and-limits). Once placed, the position is remembered while they use the toolbar.
 */
export function useCursorGuard(editor: Editor | null): () => boolean {
  const placed = useRef(false);

  useEffect(() => {
    if (!editor) return;
    const onFocus = () => {
      placed.current = true;
    };
    editor.on('focus', onFocus);
    return () => {
      editor.off('focus', onFocus);
    };
  }, [editor]);

  return useCallback(() => {
    if (placed.current) return true;
    notifyError(EMAIL_DESIGN_MESSAGES.placeCursor);
    return false;
  }, []);
}
