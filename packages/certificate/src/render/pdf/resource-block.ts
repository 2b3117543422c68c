import type { LoadedFace } from '../../layout/fonts.ts';
import type { EncodedSubset } from './face-subset.ts';
import type { PdfImage } from './images.ts';
import { PdfBytes } from './pdf-bytes.ts';
import { pdfName, pdfNumber } from './pdf-syntax.ts';

export interface EmbeddedFont {
  /** The resource name page content selects it by (F1, F2 ...). */
  name: string;
  subset: EncodedSubset;
}

/**
 * A document's fonts and images as finished PDF objects, numbered from 1, with the one resource
 * dictionary every page uses. Nearly all of a certificate's bytes are here, and they are the same for
 * every recipient of a design whose names fit the same subsets: written once, copied into each document.
 */
export interface ResourceBlock {
  /** The objects' bytes, in one buffer: a document copies it with one call. */
  parts: readonly Buffer[];
  /** Each object's offset within the parts joined, object 1 first. */
  offsets: number[];
  /** The object number of the pages' resource dictionary. */
  resources: number;
  /** By face id. */
  fonts: Map<string, EmbeddedFont>;
  /** Resource name by image source. */
  images: Map<string, string>;
}

export function writeResourceBlock(
  fonts: readonly { face: LoadedFace; subset: EncodedSubset }[],
  images: readonly { src: string; image: PdfImage }[],
): ResourceBlock {
  const out = new PdfBytes();
  let next = 1;
  const fontRefs: string[] = [];
  const embeddedFonts = new Map<string, EmbeddedFont>();
  for (const { face, subset } of fonts) {
    const name = `F${embeddedFonts.size + 1}`;
    const type0 = writeFont(out, next, face, subset);
    next = type0 + 1;
    embeddedFonts.set(face.id, { name, subset });
    fontRefs.push(`/${name} ${type0} 0 R`);
  }
  const imageRefs: string[] = [];
  const embeddedImages = new Map<string, string>();
  for (const { src, image } of images) {
    const name = `I${embeddedImages.size + 1}`;
    let smask = '';
    if (image.alpha) {
      out.object(next, imageEntries(image.width, image.height, 'DeviceGray', 'FlateDecode'), bufferOf(image.alpha));
      smask = ` /SMask ${next++} 0 R`;
    }
    out.object(next, `${imageEntries(image.width, image.height, image.colorSpace, image.filter)}${smask}`, bufferOf(image.data));
    embeddedImages.set(src, name);
    imageRefs.push(`/${name} ${next++} 0 R`);
  }
  const resources = next;
  out.object(
    resources,
    `/ProcSet [/PDF /Text /ImageB /ImageC /ImageI] /Font << ${fontRefs.join(' ')} >> /XObject << ${imageRefs.join(' ')} >>`,
  );
  return { parts: [Buffer.concat(out.written())], offsets: out.offsets.slice(1), resources, fonts: embeddedFonts, images: embeddedImages };
}

/** The same memory as a Buffer, without a copy. */
const bufferOf = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

const imageEntries = (width: number, height: number, colorSpace: string, filter: string) =>
  `/Type /XObject /Subtype /Image /Width ${width} /Height ${height} /BitsPerComponent 8 /ColorSpace /${colorSpace} /Filter /${filter}`;

/** Writes a face's subset as a Type 0 font (five objects from `first`) and answers the Type 0 font's number. */
function writeFont(out: PdfBytes, first: number, face: LoadedFace, subset: EncodedSubset): number {
  const [program, descriptor, descendant, toUnicode, type0] = [first, first + 1, first + 2, first + 3, first + 4];
  const font = face.font;
  const scale = 1000 / font.unitsPerEm;
  // A subset's name starts with six capitals of its own (ISO 32000 9.6.4), here derived from the face.
  const tag = [...face.id].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
  const prefix = Array.from({ length: 6 }, (_, i) => String.fromCharCode(65 + (Math.floor(tag / 26 ** i) % 26))).join('');
  const baseFont = pdfName(`${prefix}+${(font.postscriptName ?? face.id).replace(/[^A-Za-z0-9-]/g, '_')}`);
  const italic = (font as unknown as { head: { macStyle: { italic?: boolean } } }).head.macStyle.italic;
  const { bbox } = font;
  const num = (v: number) => pdfNumber(v * scale);

  out.object(
    program,
    `/Filter /FlateDecode /Length1 ${subset.programLength}${subset.isCff ? ' /Subtype /CIDFontType0C' : ''}`,
    bufferOf(subset.program),
  );
  out.object(
    descriptor,
    `/Type /FontDescriptor /FontName ${baseFont} /Flags ${4 | (italic ? 64 : 0)} ` +
      `/FontBBox [${num(bbox.minX)} ${num(bbox.minY)} ${num(bbox.maxX)} ${num(bbox.maxY)}] ` +
      `/ItalicAngle ${pdfNumber(font.italicAngle)} /Ascent ${num(font.ascent)} /Descent ${num(font.descent)} ` +
      `/CapHeight ${num(font.capHeight || font.ascent)} /XHeight ${num(font.xHeight || 0)} /StemV 0 ` +
      `/${subset.isCff ? 'FontFile3' : 'FontFile2'} ${program} 0 R`,
  );
  out.object(
    descendant,
    `/Type /Font /Subtype /${subset.isCff ? 'CIDFontType0' : 'CIDFontType2'} /BaseFont ${baseFont} ` +
      `/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ${descriptor} 0 R ` +
      `/W ${subset.widthsEntry}${subset.isCff ? '' : ' /CIDToGIDMap /Identity'}`,
  );
  out.object(toUnicode, '/Filter /FlateDecode', bufferOf(subset.toUnicode));
  out.object(
    type0,
    `/Type /Font /Subtype /Type0 /BaseFont ${baseFont} /Encoding /Identity-H /DescendantFonts [${descendant} 0 R] /ToUnicode ${toUnicode} 0 R`,
  );
  return type0;
}
