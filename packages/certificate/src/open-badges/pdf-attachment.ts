import {
  decodePDFRawStream,
  EncryptedPDFError,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFObject,
  PDFRawStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { OpenBadgeFileError } from './file-error.ts';

/**
 * Reads embedded files back out of a PDF with a real parser (pdf-lib), so a file another tool rewrote
 * (object streams, cross-reference streams, incremental updates, compressed file streams) reads the same
 * as one straight from our renderer. Files are found where viewers look for them: the catalog's
 * EmbeddedFiles name tree, then the catalog's /AF array (associated files, which may be hidden from the tree).
 */

/** What is known of an embedded file before its bytes are read, for choosing among several. */
export interface PdfAttachmentInfo {
  name: string;
  /** The embedded file's /Subtype (its MIME type), when given. */
  mime?: string;
  description?: string;
}

export interface PdfAttachmentFile {
  name: string;
  content: Buffer;
}

/** Name trees nest; deeper than this is a damaged or hostile file, not a real document. */
const MAX_TREE_DEPTH = 32;

// Type checks for looked-up objects (pdf-lib's classes have private constructors, so they are passed as guards).
const isArray = (o: unknown) => o instanceof PDFArray;
const isDict = (o: unknown) => o instanceof PDFDict;
const isName = (o: unknown) => o instanceof PDFName;
const isRawStream = (o: unknown) => o instanceof PDFRawStream;

/** The first embedded file the predicate accepts (any, without one), or null when there is none. */
export async function readPdfAttachment(
  pdf: Uint8Array,
  predicate: (file: PdfAttachmentInfo) => boolean = () => true,
): Promise<PdfAttachmentFile | null> {
  const doc = await loadPdf(pdf);
  const catalog = doc.catalog;
  const names = lookup(catalog, 'Names', isDict);
  const tree = names && lookup(names, 'EmbeddedFiles', isDict);
  const specs: PDFDict[] = tree ? treeValues(tree, new Set(), 0) : [];
  for (const spec of lookup(catalog, 'AF', isArray)?.asArray() ?? []) {
    const dict = resolve(doc.context, spec, isDict);
    if (dict && !specs.includes(dict)) specs.push(dict);
  }
  for (const spec of specs) {
    const file = embeddedFile(spec);
    if (!file || !predicate(file.info)) continue;
    return { name: file.info.name, content: Buffer.from(file.read()) };
  }
  return null;
}

async function loadPdf(pdf: Uint8Array) {
  const head = Buffer.from(pdf.subarray(0, 1024)).toString('latin1');
  if (!head.includes('%PDF-')) throw new OpenBadgeFileError('Not a PDF document: the file has no PDF header.');
  try {
    // updateMetadata: false leaves the document's info untouched; only reading happens here.
    return await PDFDocument.load(pdf, { updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    if (error instanceof EncryptedPDFError) throw new OpenBadgeFileError('The PDF is encrypted, so its embedded files cannot be read.');
    throw new OpenBadgeFileError(`The PDF could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The values of a name tree, in key order: leaves hold /Names [key value ...], inner nodes /Kids. */
function treeValues(node: PDFDict, seen: Set<PDFDict>, depth: number): PDFDict[] {
  if (depth > MAX_TREE_DEPTH || seen.has(node)) return [];
  seen.add(node);
  const values: PDFDict[] = [];
  const pairs = lookup(node, 'Names', isArray);
  if (pairs) {
    for (let i = 1; i < pairs.size(); i += 2) {
      const value = resolve(node.context, pairs.get(i), isDict);
      if (value) values.push(value);
    }
  }
  const kids = lookup(node, 'Kids', isArray);
  for (const kid of kids?.asArray() ?? []) {
    const child = resolve(node.context, kid, isDict);
    if (child) values.push(...treeValues(child, seen, depth + 1));
  }
  return values;
}

/** A file specification's name, type and description, and a way to read its (decoded) bytes. */
function embeddedFile(spec: PDFDict): { info: PdfAttachmentInfo; read: () => Uint8Array } | null {
  const ef = lookup(spec, 'EF', isDict);
  // /UF is the Unicode file name (PDF 1.7); /F the older, byte-string one.
  const stream = ef && (lookup(ef, 'UF', isRawStream) ?? lookup(ef, 'F', isRawStream));
  if (!stream) return null;
  const name = text(spec, 'UF') ?? text(spec, 'F') ?? '';
  const mime = lookup(stream.dict, 'Subtype', isName)?.decodeText();
  const description = text(spec, 'Desc');
  return {
    info: { name, ...(mime ? { mime } : {}), ...(description ? { description } : {}) },
    read: () => {
      try {
        return decodePDFRawStream(stream).decode();
      } catch (error) {
        throw new OpenBadgeFileError(
          `The embedded file "${name}" could not be decoded: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

function text(dict: PDFDict, key: string): string | undefined {
  const value = dict.lookup(PDFName.of(key));
  return value instanceof PDFString || value instanceof PDFHexString ? value.decodeText() : undefined;
}

/** The entry as the given type, or undefined when absent or of another type (a damaged file is not an exception). */
function lookup<T extends PDFObject>(dict: PDFDict, key: string, is: (o: unknown) => o is T): T | undefined {
  const value = dict.lookup(PDFName.of(key));
  return is(value) ? value : undefined;
}

function resolve<T extends PDFObject>(
  holder: { lookup(object: PDFObject | undefined): PDFObject | undefined },
  object: PDFObject | undefined,
  is: (o: unknown) => o is T,
): T | undefined {
  const value = holder.lookup(object);
  return is(value) ? value : undefined;
}
