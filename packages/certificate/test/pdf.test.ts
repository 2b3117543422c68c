import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newDesign, newElement, PAGE_FORMATS } from '../src/index.ts';
import { createPdfRenderer, renderPdf } from '../src/node.ts';
import { backgroundJpeg, sampleDesign, sampleRecipient, text } from './helpers/sample.ts';
import { run, workDir, writeTemp } from './helpers/tools.ts';

describe('PDF output', () => {
  const pdf = renderPdf(sampleDesign(), sampleRecipient);
  const path = writeTemp('sample.pdf', pdf);

  it('passes qpdf --check', () => {
    expect(run('qpdf', ['--check', path])).toContain('No syntax or stream encoding errors found');
  });

  it('embeds subset fonts with Unicode maps, one per face used', () => {
    const rows = run('pdffonts', [path]).trim().split('\n').slice(2);
    const fonts = rows.map((row) => {
      const cols = row.trim().split(/\s+/);
      return { name: cols[0]!, emb: cols.at(-5), sub: cols.at(-4), uni: cols.at(-3) };
    });
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual([
      'OpenSans-Italic',
      'OpenSans-Regular',
      'PlayfairDisplay-Bold',
      'PlayfairDisplay-Regular',
    ]);
    for (const f of fonts) expect([f.emb, f.sub, f.uni]).toEqual(['yes', 'yes', 'yes']);
  });

  it('has real, selectable text: the recipient name (accented) and merged fields', () => {
    const text = run('pdftotext', ['-layout', path, '-']);
    expect(text).toContain('Zoë Müller-Lüdenscheidt');
    expect(text).toContain('Certificate of Achievement');
    expect(text).toContain('LAU-2026-000123');
    expect(text).toContain('November 22, 2027');
    expect(text.replace(/\s+/g, ' ')).toContain('course Advanced Certificate Design with distinction');
  });

  it('extracts Arabic, Hebrew, Chinese and Japanese names from the fallback fonts', () => {
    for (const [firstName, lastName] of [
      ['محمد', 'علي'],
      ['דוד', 'כהן'],
      ['李', '小龙'],
      ['さくら', '山田'],
    ] as const) {
      const file = writeTemp('script.pdf', renderPdf(sampleDesign(), { ...sampleRecipient, firstName, lastName }));
      const out = run('pdftotext', [file, '-']);
      for (const part of [firstName, lastName]) expect(out).toContain(part);
      expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
    }
  });

  it.each(PAGE_FORMATS.flatMap((format) => [false, true].map((portrait) => [format, portrait] as const)))(
    'uses the exact page size for %s (portrait: %s)',
    (format, portrait) => {
      const sizes = { Letter: [612, 792], A4: [595.28, 841.89], Legal: [612, 1008] } as const;
      const [w, h] = sizes[format];
      const file = writeTemp('size.pdf', renderPdf(newDesign(format, portrait), sampleRecipient));
      const info = run('pdfinfo', ['-box', file]);
      const [, x0, y0, x1, y1] = /MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/.exec(info)!.map(Number);
      expect([x0, y0]).toEqual([0, 0]);
      expect(x1).toBeCloseTo(portrait ? w : h, 2);
      expect(y1).toBeCloseTo(portrait ? h : w, 2);
    },
  );

  it('puts the back side on page 2 when two-sided', () => {
    const design = { ...newDesign(), use_two_side: true, back_side_elements: [text('Back side terms', { top: '40px' })] };
    const file = writeTemp('two-sided.pdf', renderPdf(design, sampleRecipient));
    expect(run('pdfinfo', [file])).toMatch(/Pages:\s+2/);
    expect(run('pdftotext', ['-f', '2', '-l', '2', file, '-'])).toContain('Back side terms');
    expect(run('pdftotext', ['-f', '1', '-l', '1', file, '-'])).toContain('Zoë Müller-Lüdenscheidt');
  });

  it('reuses one encoded subset across documents of a design', () => {
    const renderer = createPdfRenderer(sampleDesign());
    const first = renderer.render(sampleRecipient);
    const second = renderer.render({ ...sampleRecipient, firstName: 'Anaïs', lastName: 'Dubois' });
    // Same font programs byte for byte: the subset was not rebuilt for the second name.
    const programs = (pdf: Buffer) => pdf.toString('latin1').match(/\/Length1 \d+/g);
    expect(programs(second)).toEqual(programs(first));
    expect(run('pdftotext', [writeTemp('second.pdf', second), '-'])).toContain('Anaïs Dubois');
  });
  it("copies one document's fonts and images into the next as they are, and grows them for a name with new letters", () => {
    const renderer = createPdfRenderer(sampleDesign());
    // The fonts and images come first in the file, before the document's own page.
    const fixedPart = (pdf: Buffer) => pdf.subarray(0, pdf.indexOf('/Type /Page /Parent'));
    const first = renderer.render(sampleRecipient);
    const second = renderer.render({ ...sampleRecipient, firstName: 'Anaïs', lastName: 'Dubois' });
    expect(fixedPart(first).length).toBeGreaterThan(10_000);
    expect(fixedPart(second).equals(fixedPart(first))).toBe(true);

    const cyrillic = renderer.render({ ...sampleRecipient, firstName: 'Ярослава', lastName: 'Петренко' });
    expect(fixedPart(cyrillic).equals(fixedPart(first))).toBe(false);
    const again = renderer.render(sampleRecipient);
    for (const [pdf, name] of [
      [cyrillic, 'Ярослава Петренко'],
      [again, 'Zoë Müller-Lüdenscheidt'],
    ] as const) {
      const file = writeTemp('grown.pdf', pdf);
      expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
      expect(run('pdftotext', [file, '-'])).toContain(name);
    }
  });
});

describe('tagged PDF for screen readers', () => {
  // Stacked so that drawing order (z-index) differs from reading order: the footer is drawn first.
  const design = sampleDesign();
  design.elements.push(
    text('Signed by the course director', { left: '340px', top: '410px', width: '200px', 'font-size': '11px', 'z-index': '-1' }),
    {
      ...newElement('logo'),
      content: backgroundJpeg(40, 40),
      styles: { ...newElement('logo').styles, left: '20px', top: '20px', width: '40px', height: '40px' },
    },
  );
  const file = writeTemp('tagged.pdf', renderPdf(design, sampleRecipient));
  const structure = run('pdfinfo', ['-struct-text', file]);

  it('is tagged, in English, titled with the certificate and its recipient', () => {
    const info = run('pdfinfo', [file]);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Title:\s+Certificate of Achievement – Zoë Müller-Lüdenscheidt/);
    expect(pdfObjects(file)).toMatch(/\/Lang \(en\)/);
    expect(pdfObjects(file)).toMatch(/\/DisplayDocTitle true/);
  });

  it('names the certificate after the caller and the language it is given', () => {
    const other = writeTemp('tagged-de.pdf', createPdfRenderer(design, { title: 'Kurs 2026', lang: 'de' }).render(sampleRecipient));
    expect(run('pdfinfo', [other])).toMatch(/Title:\s+Kurs 2026 – Zoë Müller-Lüdenscheidt/);
    expect(pdfObjects(other)).toMatch(/\/Lang \(de\)/);
  });

  it('lists each text as a paragraph in reading order, the largest (the name here) as the heading', () => {
    // pdfinfo prints each structure element's type followed by its text, in the order of the tree.
    const texts = [...structure.matchAll(/^\s*(H1|P)\b[^\n]*\n\s*"([^"]*)"/gm)].map(([, type, content]) => `${type}: ${content!.trim()}`);
    expect(texts).toEqual([
      'P: Certificate of Achievement',
      'P: This certifies that',
      'H1: Zoë Müller-Lüdenscheidt',
      expect.stringMatching(/^P: has successfully completed the course Advanced/),
      'P: Certificate no. LAU-2026-000123',
      'P: Signed by the course director',
      'P: Valid until November 22, 2027',
      expect.stringMatching(/^P: Verify at /),
    ]);
    expect(structure.match(/^\s*(H1|P)\b/gm)).toHaveLength(texts.length);
  });

  it('gives pictures alternative text and leaves the background and rules out of the reading', () => {
    // The logo (top left) first, the QR code (lower right) after the course text.
    expect(structure.match(/^\s*(Figure|H1|P)\b/gm)?.map((t) => t.trim())).toEqual([
      'Figure',
      'P',
      'P',
      'H1',
      'P',
      'Figure',
      'P',
      'P',
      'P',
      'P',
    ]);
    const content = pdfObjects(file);
    expect(content).toContain('/Alt (Logo)');
    expect(content).toContain('/Alt (QR code to verify this certificate)');
    // Background and signature line are artifacts: marked, outside the structure.
    expect(content).toMatch(/\/Artifact <<\s*\/Type \/Background\s*>> BDC/);
    expect(content).toMatch(/\/Artifact <<\s*\/Type \/Layout\s*>> BDC/);
  });
});

describe('tagged PDF: text that wraps reads as written', () => {
  const paragraph = 'This certifies that she completed the course with distinction and great skill.';
  const design = newDesign();
  design.elements = [
    text('[FIRST NAME] [LAST NAME]', { left: '100px', top: '40px', width: '200px', 'font-size': '30px' }, 'name'),
    text(paragraph, { left: '100px', top: '200px', width: '200px', 'font-size': '14px' }),
  ];
  // No verification address: the page holds these two texts only.
  const render = (firstName: string, lastName: string) => writeTemp('wrapped.pdf', renderPdf(design, { firstName, lastName }));
  const file = render('Александра', 'Констанция-Преображенская');

  it('gives text extraction the words of each line break apart, in reading order', () => {
    const extracted = run('pdftotext', [file, '-']);
    expect(extracted).toContain('This certifies that she\ncompleted the course with\ndistinction and great skill.');
    // The name breaks at its space and after its hyphen; pdftotext takes a line-end hyphen for hyphenation
    // and joins the halves without it, whatever the file says (the structure below keeps it).
    expect(extracted.split(/\s+/).filter(Boolean)).toEqual([
      'Александра',
      expect.stringMatching(/^Констанция-?Преображенская$/),
      ...paragraph.split(' '),
    ]);
  });

  it("puts each element's full text on its structure element, a space where a line broke at one", () => {
    expect(structureElements(file)).toEqual([
      { type: 'H1', actual: 'Александра Констанция-Преображенская' },
      { type: 'P', actual: paragraph },
    ]);
    // Readers that assemble the text from the glyphs find the word breaks too.
    const texts = [...run('pdfinfo', ['-struct-text', file]).matchAll(/^\s*(?:H1|P)\b[^\n]*\n\s*"([^"]*)"/gm)].map(([, t]) => t!.trim());
    expect(texts).toEqual(['Александра Констанция-Преображенская', paragraph]);
  });

  it('gives right-to-left text in the order it is written, not the order it is drawn', () => {
    const structure = structureElements(render('محمد بن عبد الله', 'الهاشمي القرشي'));
    expect(structure[0]).toEqual({ type: 'H1', actual: 'محمد بن عبد الله الهاشمي القرشي' });
  });
});

/** The structure elements under the Document element, in order: their type and ActualText. */
function structureElements(file: string): { type: string; actual?: string }[] {
  const objects = (JSON.parse(run('qpdf', ['--json', file])) as { qpdf: [unknown, Record<string, { value?: Record<string, unknown> }>] })
    .qpdf[1];
  const root = Object.values(objects).find((o) => o.value?.['/S'] === '/Document')!.value!;
  return (root['/K'] as string[]).map((ref) => {
    const element = objects[`obj:${ref}`]!.value!;
    // qpdf writes text strings as "u:" and their UTF-8.
    const actual = element['/ActualText'] as string | undefined;
    return { type: String(element['/S']).slice(1), ...(actual === undefined ? {} : { actual: actual.replace(/^u:/, '') }) };
  });
}

/** The PDF's objects, uncompressed, to read what poppler does not print. */
const pdfObjects = (file: string) => run('qpdf', ['--qdf', '--object-streams=disable', file, '-']);

describe('several certificates in one PDF', () => {
  const people = [
    { firstName: 'Zoë', lastName: 'Müller-Lüdenscheidt', certificateNumber: 'LAU-2026-000123' },
    { firstName: 'Anaïs', lastName: 'Dubois', certificateNumber: 'LAU-2026-000124' },
    { firstName: 'Bartłomiej', lastName: 'Wąsowski', certificateNumber: 'LAU-2026-000125' },
  ].map((person) => ({ ...sampleRecipient, ...person }));
  const pages = (file: string) => Number(run('qpdf', ['--show-npages', file]).trim());
  const pageText = (file: string, page: number) => run('pdftotext', ['-f', String(page), '-l', String(page), file, '-']);
  /** Page `page` of a PDF as PNG bytes: poppler draws the same content to the same pixels. */
  const raster = (file: string, page: number) => {
    const prefix = `${workDir}/page-${page}-${Math.random().toString(36).slice(2)}`;
    execFileSync('pdftoppm', ['-png', '-singlefile', '-r', '36', '-f', String(page), '-l', String(page), file, prefix]);
    return readFileSync(`${prefix}.png`);
  };

  it('gives each recipient a page, in order, with their own text and embedded fonts', () => {
    const renderer = createPdfRenderer(sampleDesign());
    const file = writeTemp('many.pdf', renderer.renderMany(people, { title: 'Spring crew certificates' }));
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
    expect(pages(file)).toBe(people.length);
    people.forEach((person, i) => {
      const text = pageText(file, i + 1);
      expect(text).toContain(`${person.firstName} ${person.lastName}`);
      expect(text).toContain(person.certificateNumber);
      for (const other of people.filter((p) => p !== person)) expect(text).not.toContain(other.lastName);
    });
    expect(run('pdfinfo', [file])).toMatch(/Title:\s+Spring crew certificates/);

    const rows = run('pdffonts', [file]).trim().split('\n').slice(2);
    // The faces are embedded once for the document, not once per certificate.
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(row.trim().split(/\s+/).slice(-5, -2)).toEqual(['yes', 'yes', 'yes']);
  });

  it('embeds the background once, however many certificates there are', () => {
    const renderer = createPdfRenderer(sampleDesign());
    const images = (pdf: Buffer) => pdf.toString('latin1').match(/\/Subtype \/Image/g)?.length ?? 0;
    expect(images(renderer.render(people[0]))).toBe(1);
    expect(images(renderer.renderMany(people))).toBe(1);
  });

  it('draws each page exactly as the single certificate of that recipient', () => {
    const renderer = createPdfRenderer(sampleDesign());
    const many = writeTemp('many-pixels.pdf', renderer.renderMany(people));
    people.forEach((person, i) => {
      const single = writeTemp('single-pixels.pdf', renderer.render(person));
      expect(raster(many, i + 1).equals(raster(single, 1)), `page ${i + 1}`).toBe(true);
    });
  });

  it('gives two pages per recipient when two-sided, the back after its front', () => {
    const design = {
      ...sampleDesign(),
      use_two_side: true,
      back_side_elements: [text('Terms for [FIRST NAME]', { top: '40px' }, 'dynamicText')],
    };
    const file = writeTemp('many-two-sided.pdf', createPdfRenderer(design).renderMany(people));
    expect(pages(file)).toBe(2 * people.length);
    people.forEach((person, i) => {
      expect(pageText(file, 2 * i + 1)).toContain(`${person.firstName} ${person.lastName}`);
      expect(pageText(file, 2 * i + 2)).toContain(`Terms for ${person.firstName}`);
    });
    expect(run('qpdf', ['--check', file])).toContain('No syntax or stream encoding errors found');
  });

  it('refuses an empty list rather than write a PDF without pages', () => {
    expect(() => createPdfRenderer(sampleDesign()).renderMany([])).toThrow(RangeError);
  });
});
