import { canvasSize, type Element } from '@laurel/certificate';
import {
  type Dispatch,
  type FocusEvent as ReactFocusEvent,
  type KeyboardEvent as ReactKeyboardEvent,
  type PointerEvent as ReactPointerEvent,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { elementLabel, selectionAnnouncement } from '../element-names.ts';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { isText, sideList } from '../state/elements.ts';
import { elementRect, type Rect } from './element-box.ts';
import type { ElementLayout } from './element-layouts.ts';
import { GuidesGrid } from './GuidesGrid.tsx';
import { InlineTextEditor } from './InlineTextEditor.tsx';
import { followPointer } from './pointer-gesture.ts';
import { type Handle, handlesFor, resizedRect } from './resize.ts';
import classes from './SelectionOverlay.module.css';
import { SnapGuides } from './SnapGuides.tsx';
import { SNAP_DISTANCE_PX, type SnapGuide, snapMove, snapTargets, unionRect } from './snapping.ts';

interface SelectionOverlayProps {
  state: EditorState;
  layouts: ElementLayout[];
  dispatch: Dispatch<EditorAction>;
  readOnly: boolean;
  editing: number | null;
  onEdit: (index: number | null) => void;
}

const mayEditText = (e: Element) => isText(e) && e.restrictions !== 'read-only' && e.restrictions !== 'read-only-text';

/** Reading order: top to bottom, then left to right; the layer order stays in each hit area's z-index. */
const byReadingOrder = (a: { rect: Rect }, b: { rect: Rect }) =>
  Math.round(a.rect.top) - Math.round(b.rect.top) || a.rect.left - b.rect.left;

/**
 * Everything on top of the certificate that is the editor's own: hit areas, selection outlines, resize
 * handles, the guide grid and the inline text editor. It sits beside the canvas element, never inside it,
 * so the canvas itself holds only what the engine laid out.
 */
export function SelectionOverlay({ state, layouts, dispatch, readOnly, editing, onEdit }: SelectionOverlayProps) {
  const canvas = canvasSize(state.design.format, state.design.is_portrait);
  const [dragging, setDragging] = useState(false);
  const [guides, setGuides] = useState<SnapGuide[]>([]);
  const selected = new Set(state.selection);
  const interactive = layouts.filter((l) => l.element.type !== 'background' && (!l.hidden || state.showHidden));
  const rectOf = (l: ElementLayout) => elementRect(l.element, l.items, canvas.width);
  const hits = interactive.map((l, layer) => ({ ...l, layer, rect: rectOf(l) })).sort(byReadingOrder);
  const focus = useCanvasFocus(hits.length, editing);

  // Keyboard focus selects, as Tab does in a design tool; a pointer selects on press (startMove) instead,
  // so a Ctrl-click that leaves an element out of the selection is not undone by the focus that follows.
  const onFocus = (event: ReactFocusEvent<HTMLElement>, index: number, order: number) => {
    focus.focused.current = order;
    if (focus.quiet.current) {
      focus.quiet.current = false;
      return;
    }
    if (event.currentTarget.matches(':focus-visible') && !selected.has(index)) dispatch({ type: 'select', indices: [index] });
  };

  // Arrows, Delete and Escape are the builder's own shortcuts (useBuilderKeyboard); these press the element.
  const onKeyDown = (event: ReactKeyboardEvent, index: number, element: Element) => {
    if (event.key === 'Enter' && !readOnly && mayEditText(element) && !element.lock && editing === null) {
      event.preventDefault();
      dispatch({ type: 'select', indices: [index] });
      onEdit(index);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const additive = event.key === ' ' && (event.shiftKey || event.ctrlKey || event.metaKey);
      if (additive || !selected.has(index)) dispatch({ type: 'select', indices: [index], additive });
    }
  };

  const startMove = (event: ReactPointerEvent, index: number, element: Element) => {
    if (event.button !== 0) return;
    event.stopPropagation();
    const additive = event.ctrlKey || event.metaKey;
    if (additive || !selected.has(index)) dispatch({ type: 'select', indices: [index], additive });
    if (readOnly || additive || element.lock) return;
    // What moves (the selection, or the element just pressed) snaps as one box to everything else.
    const moving = new Set(selected.has(index) ? state.selection : [index]);
    const box = unionRect(interactive.filter((l) => moving.has(l.index) && !l.element.lock).map(rectOf));
    const targets = snapTargets(canvas, interactive.filter((l) => !moving.has(l.index)).map(rectOf));
    dispatch({ type: 'beginGesture' });
    followPointer(event, state.zoom, {
      move: (dx, dy, e) => {
        // Alt (Option) moves freely, for the odd pixel a guide would pull away from.
        const snapped = box && !e.altKey ? snapMove(box, dx, dy, targets, SNAP_DISTANCE_PX / state.zoom) : { dx, dy, guides: [] };
        setDragging(true);
        setGuides(snapped.guides);
        dispatch({ type: 'moveBy', dx: snapped.dx, dy: snapped.dy, transient: true });
      },
      end: () => {
        setDragging(false);
        setGuides([]);
        dispatch({ type: 'endGesture', kind: 'move' });
      },
    });
  };

  const startResize = (event: ReactPointerEvent, index: number, element: Element, rect: Rect, handle: Handle) => {
    event.stopPropagation();
    dispatch({ type: 'beginGesture' });
    followPointer(event, state.zoom, {
      move: (dx, dy) => {
        const next = resizedRect(element, rect, handle, dx, dy, canvas);
        const keepHeight = element.type === 'line' || isText(element) ? {} : { height: next.height };
        dispatch({ type: 'resize', index, box: { left: next.left, top: next.top, width: next.width, ...keepHeight }, transient: true });
      },
      end: () => dispatch({ type: 'endGesture', kind: 'resize' }),
    });
  };

  const single = state.selection.length === 1 ? state.selection[0] : undefined;
  const list = sideList(state.design, state.side);

  return (
    <div
      className={classes.overlay}
      style={{ width: canvas.width, height: canvas.height }}
      onPointerDown={() => {
        if (editing === null) dispatch({ type: 'select', indices: [] });
      }}
    >
      {state.guides && <GuidesGrid width={canvas.width} height={canvas.height} />}
      <SnapGuides guides={guides} width={canvas.width} height={canvas.height} />
      {/* biome-ignore lint/a11y/useSemanticElements: a fieldset groups form fields; this names the side's elements for a screen reader */}
      <div role="group" aria-label={`Elements on the ${state.side} side`} className={classes.hits} ref={focus.group}>
        {hits.map(({ index, element, rect, layer }, order) => {
          const isSelected = selected.has(index);
          const hitHeight = Math.max(rect.height, element.type === 'line' ? 12 : 8);
          const hitTop = element.type === 'line' ? rect.top - (hitHeight - rect.height) / 2 : rect.top;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a hit area laid over the engine's rendering; a <button> would bring native button styling into the canvas
            <div
              key={index}
              role="button"
              tabIndex={0}
              aria-label={elementLabel(element)}
              aria-pressed={isSelected}
              data-element-index={index}
              className={classes.hit}
              data-selected={isSelected || undefined}
              data-locked={element.lock || undefined}
              data-dragging={(dragging && isSelected) || undefined}
              style={{ left: rect.left, top: hitTop, width: rect.width, height: hitHeight, zIndex: layer + 1 }}
              onPointerDown={(e) => startMove(e, index, element)}
              onFocus={(e) => onFocus(e, index, order)}
              onKeyDown={(e) => onKeyDown(e, index, element)}
              onDoubleClick={(e) => {
                e.stopPropagation();
                if (!readOnly && mayEditText(element) && !element.lock) onEdit(index);
              }}
            >
              {isSelected &&
                single === index &&
                !readOnly &&
                editing === null &&
                handlesFor(element).map((handle) => (
                  <span
                    key={handle}
                    className={classes.handle}
                    data-handle={handle}
                    onPointerDown={(e) => startResize(e, index, element, rect, handle)}
                  />
                ))}
            </div>
          );
        })}
      </div>
      <div role="status" className={classes.announcer}>
        {selectionAnnouncement(state.selection.map((i) => list[i]).filter((e): e is Element => e !== undefined))}
      </div>
      {editing !== null &&
        (() => {
          const layout = layouts.find((l) => l.index === editing);
          if (!layout) return null;
          return (
            <InlineTextEditor
              element={layout.element}
              items={layout.items}
              rect={elementRect(layout.element, layout.items, canvas.width)}
              onCommit={(text) => {
                onEdit(null);
                dispatch({ type: 'setText', index: editing, text });
              }}
              onCancel={() => onEdit(null)}
            />
          );
        })()}
    </div>
  );
}

/** Focus went nowhere: the element holding it left the page. */
const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * Keeps keyboard focus on the canvas when the element holding it goes away: after text editing ends it
 * returns to the element edited, and after a delete it moves to the element now in that place (focused,
 * not selected, so a second Delete removes nothing more). Focus elsewhere on the page is never taken.
 */
function useCanvasFocus(count: number, editing: number | null) {
  const group = useRef<HTMLDivElement>(null);
  /** Reading-order position of the element that last had focus. */
  const focused = useRef<number | null>(null);
  /** The next focus is the builder's own doing and selects nothing. */
  const quiet = useRef(false);
  const lastCount = useRef(count);
  const lastEditing = useRef(editing);

  useLayoutEffect(() => {
    const removed = count < lastCount.current;
    lastCount.current = count;
    const target = focused.current === null ? null : Math.min(focused.current, count - 1);
    if (!removed || target === null || target < 0 || !focusLost()) return;
    const hit = group.current?.querySelectorAll<HTMLElement>('[data-element-index]')[target];
    if (!hit) return;
    quiet.current = true;
    hit.focus();
  }, [count]);

  useEffect(() => {
    const was = lastEditing.current;
    lastEditing.current = editing;
    if (was === null || editing !== null || !focusLost()) return;
    group.current?.querySelector<HTMLElement>(`[data-element-index="${was}"]`)?.focus();
  }, [editing]);

  return { group, focused, quiet };
}
