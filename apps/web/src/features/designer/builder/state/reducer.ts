import type { EditorAction } from './actions.ts';
import { designChange } from './design-changes.ts';
import type { EditorState } from './editor-state.ts';
import { sideList } from './elements.ts';
import { amendLast, canRedo, canUndo, emptyHistory, pushEntry } from './history.ts';

/** The one place the editor's state changes. */
export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'load':
      return { ...state, design: action.design, selection: [], history: emptyHistory(), dirty: false, gestureBase: null, side: 'front' };
    case 'saved':
      return { ...state, design: action.design, history: emptyHistory(), dirty: false };
    case 'select': {
      const list = sideList(state.design, state.side);
      const valid = action.indices.filter((i) => list[i] && list[i]!.type !== 'background');
      if (!action.additive) return { ...state, selection: valid };
      const selection = new Set(state.selection);
      for (const i of valid) {
        if (selection.has(i)) selection.delete(i);
        else selection.add(i);
      }
      return { ...state, selection: [...selection] };
    }
    case 'setSide':
      if (action.side === 'back' && !state.design.use_two_side) return state;
      return { ...state, side: action.side, selection: [] };
    case 'toggleShowHidden':
      return { ...state, showHidden: !state.showHidden };
    case 'toggleGuides':
      return { ...state, guides: !state.guides };
    case 'toggleSample':
      return { ...state, sample: !state.sample };
    case 'setZoom':
      return { ...state, zoom: action.zoom };
    case 'beginGesture':
      return { ...state, gestureBase: state.design };
    case 'endGesture': {
      const before = state.gestureBase;
      if (!before) return state;
      if (before === state.design) return { ...state, gestureBase: null };
      return {
        ...state,
        gestureBase: null,
        dirty: true,
        history: pushEntry(state.history, { kind: action.kind, before, after: state.design }),
      };
    }
    case 'undo': {
      if (!canUndo(state.history)) return state;
      const entry = state.history.entries[state.history.index - 1]!;
      return {
        ...state,
        design: entry.before,
        selection: keptSelection(state, entry.before),
        dirty: true,
        history: { ...state.history, index: state.history.index - 1 },
      };
    }
    case 'redo': {
      if (!canRedo(state.history)) return state;
      const entry = state.history.entries[state.history.index]!;
      return {
        ...state,
        design: entry.after,
        selection: keptSelection(state, entry.after),
        dirty: true,
        history: { ...state.history, index: state.history.index + 1 },
      };
    }
    default:
      return applyDesignAction(state, action);
  }
}

/** Undo and redo keep what is selected when it still exists, so the toolbar stays on the element. */
function keptSelection(state: EditorState, design: EditorState['design']): number[] {
  const list = sideList(design, state.side);
  return state.selection.filter((i) => i < list.length);
}

function applyDesignAction(state: EditorState, action: EditorAction): EditorState {
  const change = designChange(state, action);
  if (!change || change.design === state.design) return state;
  const selection = change.selection ?? state.selection;
  const transient = 'transient' in action && action.transient && state.gestureBase;
  if (transient) return { ...state, design: change.design, selection };
  // The nudge that follows a format change belongs to it: one undo reverts both.
  const history =
    action.type === 'keepInside'
      ? amendLast(state.history, change.design)
      : pushEntry(state.history, { kind: change.kind, before: state.design, after: change.design });
  // Switching two-sided off returns to the front (docs/product/builder.md#flows).
  const side = action.type === 'setTwoSided' && !action.on ? 'front' : state.side;
  return { ...state, design: change.design, selection: side === state.side ? selection : [], side, dirty: true, history };
}
