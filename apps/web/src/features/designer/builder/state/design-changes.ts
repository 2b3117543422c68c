import {
  type CertificateDesign,
  canvasSize,
  type Element,
  elementText,
  MIN_ELEMENT_HEIGHT_PX,
  MIN_ELEMENT_WIDTH_PX,
  newElement,
} from '@laurel/certificate';
import type { EditorAction, HistoryKind } from './actions.ts';
import type { EditorState } from './editor-state.ts';
import {
  duplicateOf,
  isHidden,
  isSelectable,
  keepInside,
  mayDelete,
  mayDuplicate,
  placeWithoutCollision,
  position,
  px,
  sideList,
  withSide,
  withText,
  zIndexFor,
} from './elements.ts';
import { occupiedBox, placeNewElement, type Room } from './free-room.ts';

export interface DesignChange {
  kind: HistoryKind;
  design: CertificateDesign;
  selection?: number[];
}

/** Actions on the selection: with nothing selected they change nothing (and record nothing). */
const SELECTION_ACTIONS = new Set<EditorAction['type']>([
  'deleteSelected',
  'duplicateSelected',
  'setStyles',
  'toggleStyle',
  'moveBy',
  'centerHorizontally',
  'toggleLock',
  'toggleHide',
  'bringToFront',
  'sendToBack',
]);

/** Applies `f` to the selected elements of the current side. */
function mapSelected(state: EditorState, f: (e: Element, index: number) => Element, indices = state.selection): CertificateDesign {
  const list = sideList(state.design, state.side);
  const chosen = new Set(indices);
  return withSide(
    state.design,
    state.side,
    list.map((e, i) => (chosen.has(i) && isSelectable(e) ? f(e, i) : e)),
  );
}

function moved(design: CertificateDesign, e: Element, dx: number, dy: number): Element {
  if (e.lock) return e;
  const canvas = canvasSize(design.format, design.is_portrait);
  const { left, top, width = 0, height = 0 } = position(e);
  const nl = Math.min(Math.max(0, left + dx), Math.max(0, canvas.width - width));
  const nt = Math.min(Math.max(0, top + dy), Math.max(0, canvas.height - height));
  return { ...e, styles: { ...e.styles, left: px(nl), top: px(nt) } };
}

/**
 * A new element in free room on the page in view (docs/product/builder.md#flows). Without a room from the
 * canvas (no layout yet) the elements' boxes are estimated. When there is no room it sits in the middle,
 * moved diagonally off any element that starts at the same spot.
 */
function placedNew(design: CertificateDesign, list: Element[], element: Element, room?: Room): Element {
  const canvas = canvasSize(design.format, design.is_portrait);
  const taken = room?.taken ?? list.filter((e) => e.type !== 'background' && !isHidden(e)).map((e) => occupiedBox(e, canvas.width));
  const placed = placeNewElement(element, canvas, taken, room?.view);
  return placed.free ? placed.element : placeWithoutCollision(list, placed.element);
}

/**
 * The design change an action makes, with its history kind; null when the action changes nothing in the
 * design (selection, view toggles, or a refused change such as deleting a locked element).
 */
export function designChange(state: EditorState, action: EditorAction): DesignChange | null {
  const { design, side } = state;
  const list = sideList(design, side);
  if (SELECTION_ACTIONS.has(action.type) && !('indices' in action && action.indices) && state.selection.length === 0) return null;
  switch (action.type) {
    case 'add': {
      const element = action.element.type === 'background' ? action.element : placedNew(design, list, action.element, action.room);
      const z = zIndexFor(list, 'front');
      const placed = element.type === 'background' ? element : { ...element, styles: { ...element.styles, 'z-index': String(z) } };
      return { kind: 'add-element', design: withSide(design, side, [...list, placed]), selection: [list.length] };
    }
    case 'deleteSelected': {
      const doomed = new Set(state.selection.filter((i) => list[i] && mayDelete(design, list[i]!)));
      if (!doomed.size) return null;
      return {
        kind: 'delete',
        design: withSide(
          design,
          side,
          list.filter((_, i) => !doomed.has(i)),
        ),
        selection: [],
      };
    }
    case 'duplicateSelected': {
      const copies: Element[] = [];
      let working = design;
      for (const i of state.selection) {
        const e = list[i];
        if (!e || !mayDuplicate(e)) continue;
        const copy = duplicateOf(working, e);
        copies.push(copy);
        working = withSide(working, side, [...sideList(working, side), copy]);
      }
      if (!copies.length) return null;
      return { kind: 'add-element', design: working, selection: copies.map((_, n) => list.length + n) };
    }
    case 'setStyles':
      return {
        kind: action.kind,
        design: mapSelected(state, (e) => ({ ...e, styles: { ...e.styles, ...action.styles } }), action.indices),
      };
    case 'toggleStyle': {
      const first = list[state.selection[0] ?? -1];
      if (!first) return null;
      const value = (first.styles[action.key] ?? action.off) === action.on ? action.off : action.on;
      return { kind: 'font-style', design: mapSelected(state, (e) => ({ ...e, styles: { ...e.styles, [action.key]: value } })) };
    }
    case 'setText': {
      const e = list[action.index];
      if (!e) return null;
      // docs/product/builder.md#rules-and-limits: a merge field typed without brackets is wrapped in them; an empty one stays blank.
      const trimmed = action.text.trim();
      const text = e.type === 'dynamic' && trimmed && !/\[[^\]]*\]/.test(trimmed) ? `[${trimmed}]` : action.text;
      if (text === elementText(e)) return null;
      return {
        kind: 'text',
        design: withSide(
          design,
          side,
          list.map((x, i) => (i === action.index ? withText(x, text) : x)),
        ),
      };
    }
    case 'moveBy': {
      // Live drags move from where the gesture began, so clamping at an edge never loses the pointer.
      const from = action.transient && state.gestureBase ? state.gestureBase : design;
      const fromList = sideList(from, side);
      const chosen = new Set(state.selection);
      return {
        kind: 'move',
        design: withSide(
          from,
          side,
          fromList.map((e, i) => (chosen.has(i) && isSelectable(e) ? moved(from, e, action.dx, action.dy) : e)),
        ),
      };
    }
    case 'resize': {
      const { left, top, width, height } = action.box;
      return {
        kind: 'resize',
        design: withSide(
          design,
          side,
          list.map((e, i) => {
            if (i !== action.index || e.lock || !e.resize) return e;
            const styles = { ...e.styles, left: px(left), top: px(top), width: px(width) };
            if (height !== undefined) styles.height = px(height);
            return { ...e, styles };
          }),
        ),
      };
    }
    case 'place': {
      // Typed coordinates: kept inside the canvas and above the minimum size, like a drag or resize.
      const e = list[action.index];
      if (!e || e.lock) return null;
      const canvas = canvasSize(design.format, design.is_portrait);
      const now = position(e);
      const width =
        action.box.width !== undefined && e.resize ? Math.min(Math.max(MIN_ELEMENT_WIDTH_PX, action.box.width), canvas.width) : now.width;
      const height =
        action.box.height !== undefined && e.resize && now.height !== undefined
          ? Math.min(Math.max(MIN_ELEMENT_HEIGHT_PX, action.box.height), canvas.height)
          : now.height;
      const left = Math.min(Math.max(0, action.box.left ?? now.left), canvas.width - (width ?? 0));
      const top = Math.min(Math.max(0, action.box.top ?? now.top), canvas.height - (height ?? 0));
      const styles = { ...e.styles, left: px(left), top: px(top) };
      if (width !== undefined) styles.width = px(width);
      if (height !== undefined) styles.height = px(height);
      const resized = width !== now.width || height !== now.height;
      return {
        kind: resized ? 'resize' : 'move',
        design: withSide(
          design,
          side,
          list.map((x, i) => (i === action.index ? { ...x, styles } : x)),
        ),
      };
    }
    case 'centerHorizontally':
      // docs/product/builder.md#rules-and-limits: centring puts the left edge at 320 minus half the width.
      return {
        kind: 'center',
        design: mapSelected(state, (e) => (e.lock ? e : { ...e, styles: { ...e.styles, left: px(320 - (position(e).width ?? 0) / 2) } })),
      };
    case 'toggleLock': {
      const on = !list[state.selection[0] ?? -1]?.lock;
      return { kind: 'lock', design: mapSelected(state, (e) => ({ ...e, lock: on })) };
    }
    case 'toggleHide': {
      const first = list[state.selection[0] ?? -1];
      if (!first) return null;
      const hide = !(first.hideSpan || first.styles.display === 'none');
      return {
        kind: 'hide',
        design: mapSelected(state, (e) => {
          const { display: _display, ...rest } = e.styles;
          return { ...e, hideSpan: hide, styles: hide ? { ...rest, display: 'none' } : rest };
        }),
      };
    }
    case 'bringToFront':
    case 'sendToBack': {
      const z = zIndexFor(list, action.type === 'bringToFront' ? 'front' : 'back');
      return { kind: 'layer', design: mapSelected(state, (e) => ({ ...e, styles: { ...e.styles, 'z-index': String(z) } })) };
    }
    case 'setFormat':
      // docs/product/builder.md#flows: a format change sets the portrait flag and sets rotate_bg to it.
      return { kind: 'format', design: { ...design, format: action.format, is_portrait: action.isPortrait, rotate_bg: action.isPortrait } };
    case 'flipOrientation':
      return { kind: 'format', design: { ...design, is_portrait: !design.is_portrait, rotate_bg: !design.rotate_bg } };
    case 'keepInside':
      return { kind: 'format', design: keepInside(design) };
    case 'setTwoSided':
      return { kind: 'side', design: { ...design, use_two_side: action.on } };
    case 'setBackground': {
      const rest = list.filter((e) => e.type !== 'background');
      const next = action.imagepath ? [newElement('background', design.format, { content: action.imagepath }), ...rest] : rest;
      return {
        kind: 'change-background',
        design: { ...withSide(design, side, next), ...(action.rotate !== undefined ? { rotate_bg: action.rotate } : {}) },
        selection: [],
      };
    }
    case 'setExpirationFormat':
      return { kind: 'font-style', design: { ...design, expiration_date_format: action.format } };
    default:
      return null;
  }
}
