import type { FaceRef } from '../fonts/registry.ts';
import type { PageFormat } from '../model/design.ts';
import type { ElementType } from '../model/element.ts';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type TextDecoration = 'none' | 'underline' | 'line-through';

/** A stretch of one line drawn with one face and one direction, in visual order. */
export interface TextRun {
  /** Characters in logical order; right-to-left runs are drawn reversed by the shaper. */
  text: string;
  faceId: string;
  fontSize: number;
  /** Left edge of the run, canvas px. */
  x: number;
  width: number;
  rtl: boolean;
  /** The run face's ascent and descent at this size (whole px, as browsers round them): a display that
   * positions the run by its top edge puts the baseline at top + ascent with line-height ascent + descent. */
  ascent: number;
  descent: number;
}

export interface TextLine {
  /** Top of the line box and its height (CSS line-height). */
  top: number;
  height: number;
  baseline: number;
  /** Left edge and width of the visible text (trailing spaces excluded, as CSS hangs them). */
  x: number;
  width: number;
  runs: TextRun[];
  /** The line's characters in logical order, without the white space it broke at. */
  text: string;
  /**
   * What the text has between this line and the next, which nothing draws: the white space the line broke
   * at, "\n" at a hard line break, "" where it broke inside a word (after a hyphen, between ideographs)
   * and after the last line. A tagged PDF reads the element's text from `text` and this.
   */
  breakAfter: string;
}

export interface TextItem {
  kind: 'text';
  box: Box;
  color: string;
  fontSize: number;
  decoration: TextDecoration;
  /** Decoration placement relative to each line's baseline, px (positive is below). */
  decorationOffset: number;
  decorationThickness: number;
  lines: TextLine[];
}

export interface ImageItem {
  kind: 'image';
  box: Box;
  src: string;
  /** Backgrounds of portrait designs use landscape images turned by a quarter (rotate_bg). */
  rotate: boolean;
  /** The element drawn (background, logo, image, portrait): what a tagged PDF calls the picture. */
  element: ElementType;
}

export interface QrItem {
  kind: 'qr';
  /** The whole element, filled white; the modules sit inside it after a quiet zone of `margin` modules. */
  box: Box;
  margin: number;
  color: string;
  /** Modules per side and the module matrix, row by row, 1 for dark. */
  size: number;
  modules: Uint8Array;
}

export interface LineItem {
  kind: 'line';
  box: Box;
  color: string;
  thickness: number;
  style: 'solid' | 'dashed' | 'dotted';
}

export type LayoutItem = TextItem | ImageItem | QrItem | LineItem;

/** One side of a certificate, laid out: everything a renderer needs, in canvas px, nothing more. */
export interface Layout {
  format: PageFormat;
  isPortrait: boolean;
  width: number;
  height: number;
  items: LayoutItem[];
  /** Every face a text run refers to, by id. */
  faces: Record<string, FaceRef>;
}
