import type { Glyph } from 'fontkit';
import type PDFDocument from 'pdfkit';
import type { FontProvider, LoadedFace } from '../../layout/fonts.ts';
import { shape } from '../../layout/measure.ts';
import type { ImageItem, Layout, LayoutItem, LineItem, QrItem, TextItem, TextLine, TextRun } from '../../layout/types.ts';
import { type EncodedSubset, faceSubsets } from './face-subset.ts';
import type { PdfImage } from './images.ts';
import { headingOf, markItem, readingOrder, tagOf } from './pdf-tags.ts';

type Doc = InstanceType<typeof PDFDocument>;
/** pdfkit's object reference; its typings miss `end()` without data. */
type Ref = ReturnType<Doc['ref']> & { end(chunk?: Uint8Array): void };

/** Numbers as PDF wants them: fixed point, no exponent, no "-0". */
const n = (v: number) => {
  const r = Math.round(v * 1000) / 1000;
  return Object.is(r, -0) ? '0' : String(r);
};

const rgb = (hex: string) => {
  const v = parseInt(hex.slice(1), 16);
  return `${n(((v >> 16) & 255) / 255)} ${n(((v >> 8) & 255) / 255)} ${n((v & 255) / 255)}`;
};

const hex4 = (cid: number) => cid.toString(16).padStart(4, '0');

interface EmbeddedFace {
  name: string;
  ref: Ref;
  subset: EncodedSubset;
}

/**
 * Writes layouts as PDF pages into one pdfkit document: pdfkit builds the file structure, and this writer
 * emits the page content and embeds fonts and images from caches shared across documents.
 *
 * The document is tagged (the caller opens it with `tagged: true`): each item's content is marked, text as
 * paragraphs (the largest as the heading), pictures as figures with alternative text, backgrounds and
 * rules as artifacts, and the structure lists a page's items in reading order under one Document element.
 */
export class PdfPageWriter {
  private faces = new Map<string, EmbeddedFace>();
  private fontCount = 0;
  private images = new Map<string, { name: string; ref: Ref }>();
  private structure: ReturnType<Doc['struct']>;

  constructor(
    private doc: Doc,
    private fonts: FontProvider,
    private image: (src: string) => PdfImage | undefined,
  ) {
    this.structure = doc.struct('Document');
    doc.addStructure(this.structure);
  }

  /** Adds one page for the layout, scaled from canvas px to the page's points. */
  writePage(layout: Layout, pageWidthPt: number, pageHeightPt: number): void {
    const doc = this.doc;
    doc.addPage({ size: [pageWidthPt, pageHeightPt], margin: 0 });
    this.embedFaces(layout);
    const scale = pageWidthPt / layout.width;
    this.addContent(['q', `${n(scale)} 0 0 ${n(scale)} 0 0 cm`]);
    const heading = headingOf(layout.items);
    const tagged: { box: LayoutItem['box']; element: ReturnType<Doc['struct']> }[] = [];
    // Drawn in stacking order; read in reading order.
    for (const item of layout.items) {
      const element = markItem(doc, tagOf(item, heading), () => this.addContent(this.draw(item, layout)));
      if (element) tagged.push({ box: item.box, element });
    }
    this.addContent(['Q']);
    for (const { element } of readingOrder(tagged)) this.structure.add(element);
  }

  private draw(item: LayoutItem, layout: Layout): string[] {
    const ops: string[] = [];
    if (item.kind === 'text') this.text(item, layout.faces, ops);
    else if (item.kind === 'qr') qr(item, ops);
    else if (item.kind === 'line') line(item, ops);
    else this.drawImage(item, ops);
    return ops;
  }

  private addContent(ops: string[]): void {
    // As bytes: pdfkit converts string content character by character.
    this.doc.addContent(Buffer.from(`${ops.join('\n')}\n`, 'latin1') as unknown as string);
  }

  private text(item: TextItem, faces: Layout['faces'], ops: string[]): void {
    ops.push(`${rgb(item.color)} rg`);
    for (const line of item.lines) {
      const last = lastDrawnRun(line);
      for (const run of line.runs) this.run(run, line.baseline, faces, ops, run === last && line.breakAfter !== '');
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
  private run(run: TextRun, baseline: number, faces: Layout['faces'], ops: string[], separated = false): void {
    if (run.text.trim() === '') return;
    const face = this.fonts.load(faces[run.faceId]!);
    const glyphRun = shape(face, run.text);
    const embedded = this.faces.get(face.id)!;
    const toPx = run.fontSize / face.font.unitsPerEm;
    const toThousandths = 1000 / face.font.unitsPerEm;
    ops.push('BT', `/${embedded.name} ${n(run.fontSize)} Tf`);
    let pen = run.x;
    let tj: string[] | undefined;
    const flush = () => {
      if (tj) ops.push(`[${tj.join('')}] TJ`);
      tj = undefined;
    };
    glyphRun.glyphs.forEach((glyph, i) => {
      const pos = glyphRun.positions[i]!;
      const cid = embedded.subset.cids.get(glyph.id)!;
      if (pos.xOffset !== 0 || pos.yOffset !== 0) {
        // Marks placed by the shaper (Arabic vowels, accents) get their own text position.
        flush();
        ops.push(`1 0 0 -1 ${n(pen + pos.xOffset * toPx)} ${n(baseline - pos.yOffset * toPx)} Tm <${hex4(cid)}> Tj`);
      } else {
        if (!tj) {
          ops.push(`1 0 0 -1 ${n(pen)} ${n(baseline)} Tm`);
          tj = [];
        }
        tj.push(`<${hex4(cid)}>`);
        const adjust = embedded.subset.widths[cid]! - pos.xAdvance * toThousandths;
        if (Math.abs(adjust) > 0.001) tj.push(n(adjust));
      }
      pen += pos.xAdvance * toPx;
    });
    const space = separated ? spaceGlyph(face) : undefined;
    if (space) {
      if (!tj) {
        ops.push(`1 0 0 -1 ${n(pen)} ${n(baseline)} Tm`);
        tj = [];
      }
      tj.push(`<${hex4(embedded.subset.cids.get(space.id)!)}>`);
    }
    flush();
    ops.push('ET');
  }

  /**
   * Embeds, once per document, a subset of each face holding every glyph the page needs. The subset comes
   * from the process-wide cache; a page needing glyphs the document's embedding lacks gets a grown one.
   */
  private embedFaces(layout: Layout): void {
    const needed = new Map<string, { face: LoadedFace; glyphs: Glyph[] }>();
    for (const item of layout.items) {
      if (item.kind !== 'text') continue;
      for (const line of item.lines) {
        const last = lastDrawnRun(line);
        for (const run of line.runs) {
          if (run.text.trim() === '') continue;
          const face = this.fonts.load(layout.faces[run.faceId]!);
          let entry = needed.get(face.id);
          if (!entry) {
            entry = { face, glyphs: [] };
            needed.set(face.id, entry);
          }
          entry.glyphs.push(...shape(face, run.text).glyphs);
          const space = run === last && line.breakAfter !== '' ? spaceGlyph(face) : undefined;
          if (space) entry.glyphs.push(space);
        }
      }
    }
    for (const { face, glyphs } of needed.values()) {
      let embedded = this.faces.get(face.id);
      if (!embedded || !glyphs.every((g) => embedded!.subset.cids.has(g.id))) {
        const subset = faceSubsets(face).subsetFor(glyphs);
        embedded = { name: `F${++this.fontCount}`, ref: this.writeFont(face, subset), subset };
        this.faces.set(face.id, embedded);
      }
      this.useFont(embedded);
    }
  }

  private useFont(embedded: EmbeddedFace): void {
    (this.doc.page as unknown as { fonts: Record<string, Ref> }).fonts[embedded.name] = embedded.ref;
  }

  private ref(data: Record<string, unknown>): Ref {
    return this.doc.ref(data) as Ref;
  }

  private writeFont(face: LoadedFace, subset: EncodedSubset): Ref {
    const font = face.font;
    const scale = 1000 / font.unitsPerEm;
    const tag = [...face.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
    const prefix = Array.from({ length: 6 }, (_, i) => String.fromCharCode(65 + (Math.floor(tag / 26 ** i) % 26))).join('');
    const name = `${prefix}+${(font.postscriptName ?? face.id).replace(/[^A-Za-z0-9-]/g, '_')}`;

    const program = this.ref({
      Filter: 'FlateDecode',
      Length1: subset.programLength,
      ...(subset.isCff ? { Subtype: 'CIDFontType0C' } : {}),
    });
    program.end(subset.program);
    const italic = (font as unknown as { head: { macStyle: { italic?: boolean } } }).head.macStyle.italic;
    const { bbox } = font;
    const descriptor = this.ref({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 4 | (italic ? 64 : 0),
      FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
      ItalicAngle: font.italicAngle,
      Ascent: font.ascent * scale,
      Descent: font.descent * scale,
      CapHeight: (font.capHeight || font.ascent) * scale,
      XHeight: (font.xHeight || 0) * scale,
      StemV: 0,
      [subset.isCff ? 'FontFile3' : 'FontFile2']: program,
    });
    descriptor.end();
    const descendant = this.ref({
      Type: 'Font',
      Subtype: subset.isCff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: new String('Adobe'), Ordering: new String('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: subset.widthsEntry,
      ...(subset.isCff ? {} : { CIDToGIDMap: 'Identity' }),
    });
    descendant.end();
    const toUnicode = this.ref({ Filter: 'FlateDecode' });
    toUnicode.end(subset.toUnicode);
    const type0 = this.ref({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [descendant],
      ToUnicode: toUnicode,
    });
    type0.end();
    return type0;
  }

  private drawImage(item: ImageItem, ops: string[]): void {
    const name = this.imageRef(item.src);
    if (!name) return;
    const { x, y, width: w, height: h } = item.box;
    // Image space is a unit square with its first row at the top; map it onto the box (or turned a quarter).
    ops.push(
      'q',
      item.rotate ? `0 ${n(h)} ${n(w)} 0 ${n(x)} ${n(y)} cm` : `${n(w)} 0 0 ${n(-h)} ${n(x)} ${n(y + h)} cm`,
      `/${name} Do`,
      'Q',
    );
  }

  private imageRef(src: string): string | undefined {
    let embedded = this.images.get(src);
    if (!embedded) {
      const image = this.image(src);
      if (!image) return undefined;
      let smask: Ref | undefined;
      if (image.alpha) {
        smask = this.ref({
          Type: 'XObject',
          Subtype: 'Image',
          Width: image.width,
          Height: image.height,
          BitsPerComponent: 8,
          ColorSpace: 'DeviceGray',
          Filter: 'FlateDecode',
        });
        smask.end(image.alpha);
      }
      const ref = this.ref({
        Type: 'XObject',
        Subtype: 'Image',
        Width: image.width,
        Height: image.height,
        BitsPerComponent: 8,
        ColorSpace: image.colorSpace,
        Filter: image.filter,
        ...(smask ? { SMask: smask } : {}),
      });
      ref.end(image.data);
      embedded = { name: `I${this.images.size + 1}`, ref };
      this.images.set(src, embedded);
    }
    (this.doc.page as unknown as { xobjects: Record<string, Ref> }).xobjects[embedded.name] = embedded.ref;
    return embedded.name;
  }
}

/** The run a line's drawing ends with: a trailing run of white space draws nothing. */
const lastDrawnRun = (line: TextLine) => line.runs.findLast((run) => run.text.trim() !== '');

/** The face's space, to mark a line break in the glyph stream; none if the face has no space. */
const spaceGlyph = (face: LoadedFace) => (face.font.hasGlyphForCodePoint(0x20) ? face.font.glyphForCodePoint(0x20) : undefined);

function qr(item: QrItem, ops: string[]): void {
  const { x, y, width } = item.box;
  const module = width / (item.size + 2 * item.margin);
  const left = x + item.margin * module;
  const top = y + item.margin * module;
  const rects: string[] = [];
  for (let row = 0; row < item.size; row++) {
    let col = 0;
    while (col < item.size) {
      if (!item.modules[row * item.size + col]) {
        col++;
        continue;
      }
      const start = col;
      while (col < item.size && item.modules[row * item.size + col]) col++;
      rects.push(`${n(left + start * module)} ${n(top + row * module)} ${n((col - start) * module)} ${n(module)} re`);
    }
  }
  ops.push('1 1 1 rg', `${n(x)} ${n(y)} ${n(width)} ${n(width)} re f`, `${rgb(item.color)} rg`, ...rects, 'f');
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
