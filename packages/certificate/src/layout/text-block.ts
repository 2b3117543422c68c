import type { FaceRef } from '../fonts/registry.ts';
import { breakParagraph, collapseWhiteSpace } from './break-lines.ts';
import type { FontProvider, LoadedFace } from './fonts.ts';
import { itemize, visualOrder } from './itemize.ts';
import { textWidth, verticalMetrics } from './measure.ts';
import type { Box, TextDecoration, TextItem, TextLine, TextRun } from './types.ts';

export interface TextStyle {
  family: string;
  weight: number;
  italic: boolean;
  fontSize: number;
  color: string;
  align: 'left' | 'center' | 'right';
  decoration: TextDecoration;
  /** CSS line-height: undefined for normal, else a multiplier of the font size. */
  lineHeight?: number;
}

export interface FitOptions {
  /** Shrink the font, down to this fraction of its size, until the text fits the box on one line. */
  minScale: number;
}

function lineWidth(text: string, primary: LoadedFace, fonts: FontProvider, style: TextStyle, fontSize: number): number {
  let width = 0;
  for (const item of itemize(text, primary, () => fonts.fallbacks(style.weight, style.italic)))
    width += textWidth(item.face, item.text, fontSize);
  return width;
}

/** Largest font size, down to `minScale` of the given one, at which the text fits on one line. */
export function fitFontSize(
  text: string,
  primary: LoadedFace,
  fonts: FontProvider,
  style: TextStyle,
  width: number,
  fit: FitOptions,
): number {
  const natural = Math.max(0, ...collapseWhiteSpace(text).map((p) => lineWidth(p.trimEnd(), primary, fonts, style, style.fontSize)));
  if (natural <= width) return style.fontSize;
  // Two decimals: the browser and both renderers accept fractional sizes; rounding down keeps it fitting.
  const fitted = Math.floor(((style.fontSize * width) / natural) * 100) / 100;
  return Math.max(fitted, style.fontSize * fit.minScale);
}

/** Lays out a text element: line breaks, alignment, bidi order and fallback runs, in canvas px. Records the faces it uses in `faces`. */
export function layoutTextBlock(
  text: string,
  box: Box,
  style: TextStyle,
  fonts: FontProvider,
  faces: Record<string, FaceRef>,
  fit?: FitOptions,
): TextItem {
  const primary = fonts.face(style.family, style.weight, style.italic);
  const fontSize = fit ? fitFontSize(text, primary, fonts, style, box.width, fit) : style.fontSize;
  const metrics = verticalMetrics(primary, fontSize);
  const contentHeight = metrics.ascent + metrics.descent;
  const lineHeight = style.lineHeight === undefined ? contentHeight + metrics.lineGap : style.lineHeight * fontSize;
  const halfLeading = (lineHeight - contentHeight) / 2;
  const measure = (line: string) => lineWidth(line, primary, fonts, style, fontSize);

  const lines: TextLine[] = [];
  const paragraphs = collapseWhiteSpace(text);
  for (const [p, paragraph] of paragraphs.entries()) {
    // Each line is the next slice of the paragraph less its trailing white space; `at` follows the slices.
    let at = 0;
    for (const lineText of breakParagraph(paragraph, box.width, measure)) {
      at += lineText.length;
      const next = paragraph.length - paragraph.slice(at).trimStart().length;
      const breakAfter = next < paragraph.length ? paragraph.slice(at, next) : p < paragraphs.length - 1 ? '\n' : '';
      at = next;
      const top = box.y + lines.length * lineHeight;
      const items = visualOrder(itemize(lineText, primary, () => fonts.fallbacks(style.weight, style.italic)));
      const runs: TextRun[] = [];
      let x = 0;
      for (const item of items) {
        const width = textWidth(item.face, item.text, fontSize);
        faces[item.face.id] ??= { id: item.face.id, family: item.face.family, file: item.face.file };
        const { ascent, descent } = item.face === primary ? metrics : verticalMetrics(item.face, fontSize);
        runs.push({ text: item.text, faceId: item.face.id, fontSize, x, width, rtl: item.level % 2 === 1, ascent, descent });
        x += width;
      }
      const offset = style.align === 'center' ? (box.width - x) / 2 : style.align === 'right' ? box.width - x : 0;
      for (const run of runs) run.x += box.x + offset;
      lines.push({
        top,
        height: lineHeight,
        baseline: top + halfLeading + metrics.ascent,
        x: box.x + offset,
        width: x,
        runs,
        text: lineText,
        breakAfter,
      });
    }
  }

  const post = (primary.font as unknown as { post?: { underlinePosition: number; underlineThickness: number } }).post;
  const scale = fontSize / primary.font.unitsPerEm;
  const thickness = Math.max(1, (post?.underlineThickness ?? primary.font.unitsPerEm / 20) * scale);
  const decorationOffset =
    style.decoration === 'line-through'
      ? -Math.round(((primary.font.xHeight || primary.font.unitsPerEm * 0.5) * scale) / 2)
      : Math.max(1, -(post?.underlinePosition ?? -primary.font.unitsPerEm / 10) * scale);
  return {
    kind: 'text',
    box,
    color: style.color,
    fontSize,
    decoration: style.decoration,
    decorationOffset,
    decorationThickness: thickness,
    lines,
  };
}
