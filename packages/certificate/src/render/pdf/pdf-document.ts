import { createHash, randomUUID } from 'node:crypto';
import type { PdfAttachment } from './attachments.ts';
import type { PageContent } from './page-content.ts';
import { PdfBytes } from './pdf-bytes.ts';
import { pdfBytes, pdfDate, pdfName, pdfNumber, pdfText } from './pdf-syntax.ts';
import { readingOrder } from './pdf-tags.ts';
import type { ResourceBlock } from './resource-block.ts';

export interface PdfDocumentParts {
  pages: readonly PageContent[];
  pageWidthPt: number;
  pageHeightPt: number;
  /** The fonts and images every page uses, written beforehand. */
  resources: ResourceBlock;
  title: string;
  /** The language of the text (BCP 47), for screen readers. */
  lang: string;
  attachments: readonly PdfAttachment[];
}

/** A binary comment after the version line tells transfer tools the file is binary (ISO 32000 7.5.2). */
const HEADER = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';

/**
 * Writes a whole PDF file: the prepared fonts and images, then this document's own objects (catalog,
 * pages and their content, the tagged structure, information, metadata, embedded files) and the
 * cross-reference table. The structure is tagged for screen readers: one Document element holding each
 * page's text and pictures in reading order, each pointing at its marked content, with ActualText for text
 * and Alt for pictures; the catalog says the document is marked and names its language, and viewers show
 * the title rather than the file name.
 */
export function writePdfDocument(parts: PdfDocumentParts): Buffer {
  const { pages, resources, attachments } = parts;
  const out = new PdfBytes();
  out.text(HEADER);
  out.block(resources.parts, resources.offsets);

  let next = resources.offsets.length + 1;
  const catalog = next++;
  const pageTree = next++;
  const structRoot = next++;
  const documentElement = next++;
  const info = next++;
  const metadata = next++;
  const pageRefs = pages.map(() => ({ page: next++, content: next++ }));

  const parentTree: string[] = [];
  const readingKids: string[] = [];
  pages.forEach((page, index) => {
    const { page: pageRef, content } = pageRefs[index]!;
    out.object(
      pageRef,
      `/Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${pdfNumber(parts.pageWidthPt)} ${pdfNumber(parts.pageHeightPt)}] ` +
        `/Resources ${resources.resources} 0 R /Contents ${content} 0 R /StructParents ${index} /Tabs /S`,
    );
    out.object(content, '', page.stream);
    const byMcid: string[] = [];
    const elements = page.marked.map((item) => ({ ...item, ref: next++ }));
    for (const element of elements) {
      const { tag } = element;
      const text = tag.type === 'Figure' ? `/Alt ${pdfText(tag.alt)}` : `/ActualText ${pdfText(tag.actual)}`;
      out.object(element.ref, `/Type /StructElem /S /${tag.type} /P ${documentElement} 0 R /Pg ${pageRef} 0 R /K ${element.mcid} ${text}`);
      byMcid[element.mcid] = `${element.ref} 0 R`;
    }
    parentTree.push(`${index} [${byMcid.join(' ')}]`);
    for (const element of readingOrder(elements)) readingKids.push(`${element.ref} 0 R`);
  });

  out.object(pageTree, `/Type /Pages /Count ${pages.length} /Kids [${pageRefs.map((p) => `${p.page} 0 R`).join(' ')}]`);
  out.object(
    structRoot,
    `/Type /StructTreeRoot /K [${documentElement} 0 R] /ParentTree << /Nums [${parentTree.join(' ')}] >> /ParentTreeNextKey ${pages.length}`,
  );
  out.object(documentElement, `/Type /StructElem /S /Document /P ${structRoot} 0 R /K [${readingKids.join(' ')}]`);

  const created = new Date();
  const title = pdfText(parts.title);
  out.object(info, `/Title ${title} /Producer (Laurel) /Creator (Laurel) /CreationDate ${pdfDate(created)}`);
  out.object(metadata, '/Type /Metadata /Subtype /XML', Buffer.from(xmpMetadata(parts.title, created), 'utf8'));

  const files = attachments.map((file) => writeAttachment(out, file, next++, next++));
  // An embedded-files name tree lists its names in order.
  const named = files.map((f, i) => ({ ...f, order: i })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.order - b.order));
  const embedded = files.length
    ? ` /Names << /EmbeddedFiles << /Names [${named.map((f) => `${pdfText(f.name)} ${f.spec} 0 R`).join(' ')}] >> >> /AF [${files.map((f) => `${f.spec} 0 R`).join(' ')}]`
    : '';
  out.object(
    catalog,
    `/Type /Catalog /Pages ${pageTree} 0 R /StructTreeRoot ${structRoot} 0 R /MarkInfo << /Marked true >> ` +
      `/Lang ${pdfText(parts.lang)} /ViewerPreferences << /DisplayDocTitle true >> /Metadata ${metadata} 0 R${embedded}`,
  );

  // A random identifier (ISO 32000 14.4); a UUID's 122 random bits come from a pooled source, cheaper than randomBytes.
  const id = `<${randomUUID().replaceAll('-', '')}>`;
  return out.finish(`/Root ${catalog} 0 R /Info ${info} 0 R /ID [${id} ${id}]`);
}

/**
 * An embedded file stream and its file specification, listed in the catalog's EmbeddedFiles name tree
 * (what viewers and `pdfdetach` show) and its /AF array (associated files, as PDF/A-3 and PDF 2.0 want).
 * No dates are written, so the file's entry is the same whenever the document is drawn.
 */
function writeAttachment(out: PdfBytes, file: PdfAttachment, stream: number, spec: number): { name: string; spec: number } {
  // Text is stored as UTF-8.
  const content = typeof file.content === 'string' ? Buffer.from(file.content, 'utf8') : file.content;
  const checksum = pdfBytes(createHash('md5').update(content).digest());
  out.object(
    stream,
    `/Type /EmbeddedFile /Subtype ${pdfName(file.mime)} /Params << /Size ${content.length} /CheckSum ${checksum} >>`,
    content,
  );
  const name = pdfText(file.name);
  out.object(
    spec,
    `/Type /Filespec /F ${name} /UF ${name} /EF << /F ${stream} 0 R >>` +
      `${file.description ? ` /Desc ${pdfText(file.description)}` : ''} /AFRelationship /${file.relationship ?? 'Data'}`,
  );
  return { name: file.name, spec };
}

const xml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** XMP metadata: the title, producer and creation date, as PDF/UA asks a tagged document to carry them. */
const xmpMetadata = (title: string, created: Date) => `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:CreateDate>${created.toISOString().slice(0, 19)}Z</xmp:CreateDate><xmp:CreatorTool>Laurel</xmp:CreatorTool></rdf:Description>
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xml(title)}</rdf:li></rdf:Alt></dc:title></rdf:Description>
<rdf:Description rdf:about="" xmlns:pdf="http://ns.adobe.com/pdf/1.3/"><pdf:Producer>Laurel</pdf:Producer></rdf:Description>
</rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
