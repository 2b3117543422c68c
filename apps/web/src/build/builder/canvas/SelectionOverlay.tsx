import { canvasSize, type Element } from '@laurel/certificate';
import { type Dispatch, type PointerEvent as ReactPointerEvent, useState } from 'react';
import { ELEMENT_NAMES } from '../element-names.ts';
import type { EditorAction } from '../state/actions.ts';
import type { EditorState } from '../state/editor-state.ts';
import { isText } from '../state/elements.ts';
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
      {interactive.map(({ index, element, items }) => {
        const rect = elementRect(element, items, canvas.width);
        const isSelected = selected.has(index);
        const hitHeight = Math.max(rect.height, element.type === 'line' ? 12 : 8);
        const hitTop = element.type === 'line' ? rect.top - (hitHeight - rect.height) / 2 : rect.top;
        return (
          // biome-ignore lint/a11y/useSemanticElements: a hit area laid over the engine's rendering, pressed with the pointer; a <button> would bring native button styling and a tab stop for every element
          <div
            key={index}
            role="button"
            tabIndex={-1}
            aria-label={`${ELEMENT_NAMES[element.type]} element`}
            aria-pressed={isSelected}
            data-element-index={index}
            className={classes.hit}
            data-selected={isSelected || undefined}
            data-locked={element.lock || undefined}
            data-dragging={(dragging && isSelected) || undefined}
            style={{ left: rect.left, top: hitTop, width: rect.width, height: hitHeight }}
            onPointerDown={(e) => startMove(e, index, element)}
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
