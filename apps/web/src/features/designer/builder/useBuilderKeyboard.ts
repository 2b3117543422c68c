import { type Dispatch, useEffect } from 'react';
import type { EditorAction } from './state/actions.ts';

/**
 * Typing in a field or a dialog is not an editor command (docs/product/account.md#rules-and-limits: Delete not while in a text input),
 * and neither are keys inside an open menu or list, where arrows choose and Escape closes.
 */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('[role="dialog"], [role="menu"], [role="listbox"]')) return true;
  return target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

const ARROWS: Record<string, [number, number]> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** An arrow nudges one pixel; with Shift, ten, as design tools do. */
const SHIFT_STEP = 10;

/** Keyboard commands dispatch the same actions as the toolbar and the mouse (Delete asks as the toolbar does). */
export function useBuilderKeyboard(dispatch: Dispatch<EditorAction>, enabled: boolean, onDelete: () => void) {
  useEffect(() => {
    if (!enabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      const arrow = ARROWS[event.key];
      let action: EditorAction | null = null;
      const step = event.shiftKey ? SHIFT_STEP : 1;
      if (arrow) action = { type: 'moveBy', dx: arrow[0] * step, dy: arrow[1] * step };
      else if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        return onDelete();
      } else if (event.key === 'Escape') action = { type: 'select', indices: [] };
      else if (mod && event.key.toLowerCase() === 'z') action = { type: event.shiftKey ? 'redo' : 'undo' };
      else if (mod && event.key.toLowerCase() === 'y') action = { type: 'redo' };
      else if (mod && event.key.toLowerCase() === 'd') action = { type: 'duplicateSelected' };
      else if (mod && event.key.toLowerCase() === 'b')
        action = { type: 'toggleStyle', kind: 'font-style', key: 'font-weight', on: 'bold', off: 'normal' };
      else if (mod && event.key.toLowerCase() === 'i')
        action = { type: 'toggleStyle', kind: 'font-style', key: 'font-style', on: 'italic', off: 'normal' };
      else if (mod && event.key.toLowerCase() === 'u')
        action = { type: 'toggleStyle', kind: 'font-style', key: 'text-decoration', on: 'underline', off: 'none' };
      if (!action) return;
      event.preventDefault();
      dispatch(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dispatch, enabled, onDelete]);
}
