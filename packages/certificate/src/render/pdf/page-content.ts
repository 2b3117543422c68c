import type { FontProvider, LoadedFace } from '../../layout/fonts.ts';
import { shape } from '../../layout/measure.ts';
import type { ImageItem, Layout, LayoutItem, LineItem, QrItem, TextItem, TextLine, TextRun } from '../../layout/types.ts';
import { pdfCoordinate as n } from './pdf-syntax.ts';
import { headingOf, type ItemTag, tagOf } from './pdf-tags.ts';
import type { ResourceBlock } from './resource-block.ts';

/** An item a screen reader meets, with the marked-content id its drawing carries on the page. */
export interface MarkedItem {
  mcid: number;
  tag: Exclude<ItemTag, { type: 'Artifact' }>;
  box: LayoutItem['box'];
}

export interface PageContent {
  stream: Buffer;
  marked: MarkedItem[];
}

/**
 * A page's content stream for a layout, scaled from canvas px to the page's points, with its fonts and
 * images named as in `resources`. Drawn in stacking order; each item's drawing is marked as what it is for
 * the tagged structure (pdf-tags.ts): text and pictures with a marked-content id, the rest as artifacts.
 */
export function pageContent(
  layout: Layout,
  pageWidthPt: number,
  pageHeightPt: number,
  fonts: FontProvider,
  resources: ResourceBlock,
): PageContent {
  const scale = pageWidthPt / layout.width;
  // PDF's origin is the bottom left; the layout's, like the canvas's, is the top left.
  const ops: string[] = [`1 0 0 -1 0 ${n(pageHeightPt)} cm`, 'q', `${n(scale)} 0 0 ${n(scale)} 0 0 cm`];
  const marked: MarkedItem[] = [];
  const heading = headingOf(layout.items);
  for (const item of layout.items) {
    const tag = tagOf(item, heading);
    if (tag?.type === 'Artifact') ops.push(`/Artifact << /Type /${tag.artifact} >> BDC`);
    else if (tag) {
      ops.push(`/${tag.type} << /MCID ${marked.length} >> BDC`);
      marked.push({ mcid: marked.length, tag, box: item.box });
    }
    draw(item, layout, fonts, resources, ops);
    if (tag) ops.push('EMC');
  }
  ops.push('Q', '');
  return { stream: Buffer.from(ops.join('\n'), 'latin1'), marked };
}

function draw(item: LayoutItem, layout: Layout, fonts: FontProvider, resources: ResourceBlock, ops: string[]): void {
  if (item.kind === 'text') text(item, layout.faces, fonts, resources, ops);
  else if (item.kind === 'qr') qr(item, ops);
  else if (item.kind === 'line') line(item, ops);
  else image(item, resources, ops);
}

const rgb = (hex: string) => {
  const v = parseInt(hex.slice(1), 16);
  return `${n(((v >> 16) & 255) / 255)} ${n(((v >> 8) & 255) / 255)} ${n((v & 255) / 255)}`;
};

const hex4 = (cid: number) => cid.toString(16).padStart(4, '0');

function text(item: TextItem, faces: Layout['faces'], fonts: FontProvider, resources: ResourceBlock, ops: string[]): void {
  ops.push(`${rgb(item.color)} rg`);
  for (const line of item.lines) {
    const last = lastDrawnRun(line);
    for (const run of line.runs) {
      if (run.text.trim() === '') continue;
      const face = fonts.load(faces[run.faceId]!);
      textRun(run, line.baseline, face, resources, ops, run === last && line.breakAfter !== '');
    }
    if (item.decoration !== 'none' && line.width > 0) {
      const y = line.baseline + item.decorationOffset - item.decorationThickness / 2;
      ops.push(`${n(line.x)} ${n(y)} ${n(line.width)} ${n(item.decorationThickness)} re f`);
    }
  }
}

/**
 * Draws a run's glyphs. `separated` ends it with a space glyph, which draws nothing: the line broke there,
 * and text extraction that reads the glyphs in order (poppler's structure text, copy and paste of a
 * paragraph) then finds a word break between this line and the next.
 */
function textRun(run: TextRun, baseline: number, face: LoadedFace, resources: ResourceBlock, ops: string[], separated: boolean): void {
  const glyphRun = shape(face, run.text);
  const font = resources.fonts.get(face.id)!;
  const { cids, widths } = font.subset;
  const toPx = run.fontSize / face.font.unitsPerEm;
  const toThousandths = 1000 / face.font.unitsPerEm;
  ops.push('BT', `/${font.name} ${n(run.fontSize)} Tf`);
  let pen = run.x;
  let tj = '';
  let open = false;
  const start = () => {
    if (open) return;
    ops.push(`1 0 0 -1 ${n(pen)} ${n(baseline)} Tm`);
    tj = '[';
    open = true;
  };
  const flush = () => {
    if (open) ops.push(`${tj}] TJ`);
    open = false;
  };
  const { glyphs, positions } = glyphRun;
  for (let i = 0; i < glyphs.length; i++) {
    const pos = positions[i]!;
    const cid = cids.get(glyphs[i]!.id)!;
    if (pos.xOffset !== 0 || pos.yOffset !== 0) {
      // Marks placed by the shaper (Arabic vowels, accents) get their own text position.
      flush();
      ops.push(`1 0 0 -1 ${n(pen + pos.xOffset * toPx)} ${n(baseline - pos.yOffset * toPx)} Tm <${hex4(cid)}> Tj`);
    } else {
      start();
      tj += `<${hex4(cid)}>`;
      const adjust = widths[cid]! - pos.xAdvance * toThousandths;
      if (Math.abs(adjust) > 0.001) tj += n(adjust);
    }
    pen += pos.xAdvance * toPx;
  }
  const space = separated ? spaceGlyph(face) : undefined;
  if (space) {
    start();
    tj += `<${hex4(cids.get(space.id)!)}>`;
  }
  flush();
  ops.push('ET');
}

/** The run a line's drawing ends with: a trailing run of white space draws nothing. */
export const lastDrawnRun = (line: TextLine) => line.runs.findLast((run) => run.text.trim() !== '');

/** The face's space, to mark a line break in the glyph stream; none if the face has no space. */
export const spaceGlyph = (face: LoadedFace) => (face.font.hasGlyphForCodePoint(0x20) ? face.font.glyphForCodePoint(0x20) : undefined);

function image(item: ImageItem, resources: ResourceBlock, ops: string[]): void {
  const name = resources.images.get(item.src);
  if (!name) return;
  const { x, y, width: w, height: h } = item.box;
  // Image space is a unit square with its first row at the top; map it onto the box (or turned a quarter).
  ops.push('q', item.rotate ? `0 ${n(h)} ${n(w)} 0 ${n(x)} ${n(y)} cm` : `${n(w)} 0 0 ${n(-h)} ${n(x)} ${n(y + h)} cm`, `/${name} Do`, 'Q');
}

function qr(item: QrItem, ops: string[]): void {
  const { x, y, width } = item.box;
  const module = width / (item.size + 2 * item.margin);
  const left = x + item.margin * module;
  const top = y + item.margin * module;
  ops.push('1 1 1 rg', `${n(x)} ${n(y)} ${n(width)} ${n(width)} re f`, `${rgb(item.color)} rg`);
  for (let row = 0; row < item.size; row++) {
    let col = 0;
    while (col < item.size) {
      if (!item.modules[row * item.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < item.size && item.modules[row * item.size + col]) col++;
      ops.push(`${n(left + start * module)} ${n(top + row * module)} ${n((col - start) * module)} ${n(module)} re`);
    }
  }
  ops.push('f');
}

function line(item: LineItem, ops: string[]): void {
  const { x, y, width } = item.box;
  if (item.style === 'solid') {
    ops.push(`${rgb(item.color)} rg`, `${n(x)} ${n(y)} ${n(width)} ${n(item.thickness)} re f`);
    return;
  }
  const dash = item.style === 'dashed' ? item.thickness * 3 : item.thickness;
  const mid = y + item.thickness / 2;
  ops.push(
    'q',
    `${rgb(item.color)} RG`,
    `${n(item.thickness)} w`,
    `[${n(dash)}] 0 d`,
    `${n(x)} ${n(mid)} m ${n(x + width)} ${n(mid)} l S`,
    'Q',
  );
}
