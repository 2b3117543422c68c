import type { CertificateDesign, DesignSide, Element, ElementStyles, PageFormat } from '@laurel/certificate';
import type { Room } from './free-room.ts';

/** History kinds of docs/product/builder.md#flows; every change the editor can make is recorded under one of them. */
export type HistoryKind =
  | 'add-element'
  | 'delete'
  | 'change-background'
  | 'font-style'
  | 'font-size'
  | 'font-family'
  | 'center'
  | 'top'
  | 'left'
  | 'right'
  | 'bottom'
  | 'color'
  | 'move'
  | 'resize'
  | 'text'
  | 'lock'
  | 'hide'
  | 'layer'
  | 'format'
  | 'side';

/**
 * Every editor change is one of these. Toolbar, keyboard, mouse and dialogs dispatch them; the reducer is
 * the only code that changes the design, so undo and redo see every change the same way.
 */
export type EditorAction =
  | { type: 'load'; design: CertificateDesign }
  | { type: 'saved'; design: CertificateDesign }
  | { type: 'select'; indices: number[]; additive?: boolean }
  | { type: 'setSide'; side: DesignSide }
  | { type: 'toggleShowHidden' }
  | { type: 'toggleGuides' }
  | { type: 'toggleSample' }
  | { type: 'setZoom'; zoom: number }
  /** A new element, placed in free room: `room` is what the user sees of the page (without it, the whole page). */
  | { type: 'add'; element: Element; room?: Room }
  | { type: 'deleteSelected' }
  | { type: 'duplicateSelected' }
  | { type: 'setStyles'; kind: HistoryKind; styles: ElementStyles; indices?: number[] }
  | { type: 'toggleStyle'; kind: 'font-style'; key: 'font-weight' | 'font-style' | 'text-decoration'; on: string; off: string }
  | { type: 'setText'; index: number; text: string }
  | { type: 'moveBy'; dx: number; dy: number; transient?: boolean }
  | { type: 'resize'; index: number; box: { left: number; top: number; width: number; height?: number }; transient?: boolean }
  | { type: 'place'; index: number; box: Partial<{ left: number; top: number; width: number; height: number }> }
  | { type: 'beginGesture' }
  | { type: 'endGesture'; kind: 'move' | 'resize' }
  | { type: 'centerHorizontally' }
  | { type: 'toggleLock' }
  | { type: 'toggleHide' }
  | { type: 'bringToFront' }
  | { type: 'sendToBack' }
  | { type: 'setFormat'; format: PageFormat; isPortrait: boolean }
  | { type: 'flipOrientation' }
  | { type: 'keepInside' }
  | { type: 'setTwoSided'; on: boolean }
  | { type: 'setBackground'; imagepath: string | null; rotate?: boolean }
  | { type: 'setExpirationFormat'; format: NonNullable<CertificateDesign['expiration_date_format']> }
  | { type: 'undo' }
  | { type: 'redo' };
