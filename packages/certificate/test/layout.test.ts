import { describe, expect, it } from 'vitest';
import { layoutSide, newDesign, type TextItem } from '../src/index.ts';
import { textWidth } from '../src/layout/measure.ts';
import { formatExpirationDate } from '../src/layout/recipient.ts';
import { nodeFontProvider } from '../src/node.ts';
import { sampleDesign, sampleRecipient, text } from './helpers/sample.ts';

const fonts = nodeFontProvider;

function layoutOne(element: ReturnType<typeof text>, recipient?: Parameters<typeof layoutSide>[2]): TextItem {
  const design = { ...newDesign(), elements: [element] };
  const item = layoutSide(design, 'front', recipient, fonts).items[0];
  if (item?.kind !== 'text') throw new Error('expected a text item');
  return item;
}

const lineTexts = (item: TextItem) => item.lines.map((l) => l.runs.map((r) => r.text).join(''));

describe('line breaking', () => {
  it('breaks greedily at spaces, measuring with the font, and keeps lines within the box', () => {
    const item = layoutOne(text('The quick brown fox jumps over the lazy dog again and again', { width: '200px', 'font-size': '18px' }));
    expect(item.lines.length).toBeGreaterThan(1);
    for (const line of item.lines) expect(line.width).toBeLessThanOrEqual(200);
    // Greedy: the next line's first word would not have fitted on the previous line.
    const face = fonts.face('Open Sans', 400, false);
    const lines = lineTexts(item);
    for (let i = 1; i < lines.length; i++) {
      const firstWord = lines[i]!.split(' ')[0]!;
      expect(textWidth(face, `${lines[i - 1]} ${firstWord}`, 18)).toBeGreaterThan(200);
    }
  });

  it('breaks after hyphens (UAX 14) and honours hard line breaks', () => {
    const item = layoutOne(text('Müller-Lüdenscheidt-Westphalen', { width: '150px', 'font-size': '18px' }));
    expect(lineTexts(item)[0]).toMatch(/-$/);
    const hard = layoutOne(text('first<br>second', { width: '300px' }));
    expect(lineTexts(hard)).toEqual(['first', 'second']);
  });

  it('records what each line broke at, so its text reads back as written', () => {
    const item = layoutOne(text('Awarded to  Anna Müller-Lüdenscheidt<br>for her work', { width: '120px', 'font-size': '18px' }));
    expect(item.lines.map((l) => [l.text, l.breakAfter])).toEqual([
      ['Awarded to', ' '],
      ['Anna Müller-', ''],
      ['Lüdenscheidt', '\n'],
      ['for her work', ''],
    ]);
    expect(item.lines.map((l) => l.text)).toEqual(lineTexts(item));
  });

  it('ignores trailing spaces, so a centred line is centred on its visible text', () => {
    const item = layoutOne(text('Hello world    ', { width: '300px', 'text-align': 'center' }));
    const [line] = item.lines;
    expect(lineTexts(item)).toEqual(['Hello world']);
    expect(line!.x - 100).toBeCloseTo(300 - (line!.x - 100 + line!.width), 6);
  });

  it('aligns left, centre and right within the box', () => {
    const style = { left: '100px', width: '300px' };
    const left = layoutOne(text('Award', { ...style, 'text-align': 'left' })).lines[0]!;
    const center = layoutOne(text('Award', { ...style, 'text-align': 'center' })).lines[0]!;
    const right = layoutOne(text('Award', { ...style, 'text-align': 'right' })).lines[0]!;
    expect(left.x).toBe(100);
    expect(center.x + center.width / 2).toBeCloseTo(250, 6);
    expect(right.x + right.width).toBeCloseTo(400, 6);
  });

  it('stacks lines by the CSS normal line height with the baseline after the ascent', () => {
    const item = layoutOne(text('one<br>two', { top: '50px', 'font-size': '18px' }));
    // Open Sans: hhea ascent 2189, descent 600 per 2048 em, line gap 0: 19 + 5 px at 18 px.
    expect(item.lines.map((l) => [l.top, l.height, l.baseline])).toEqual([
      [50, 24, 69],
      [74, 24, 93],
    ]);
  });

  it('applies half-leading for an explicit line height', () => {
    const item = layoutOne(text('one<br>two', { top: '0px', 'font-size': '18px', 'line-height': '2' }));
    expect(item.lines.map((l) => l.baseline)).toEqual([6 + 19, 36 + 6 + 19]);
  });
});

describe('merge fields and special elements', () => {
  it('replaces merge fields with recipient data, case-insensitively', () => {
    const item = layoutOne(text('Dear [first name] [LAST NAME], for [Course]', { width: '600px' }, 'dynamicText'), sampleRecipient);
    expect(lineTexts(item)).toEqual(['Dear Zoë Müller-Lüdenscheidt, for Advanced Certificate Design']);
  });

  it('shows merge fields as written when there is no recipient (builder preview)', () => {
    expect(lineTexts(layoutOne(text('[FIRST NAME]', {}, 'name')))).toEqual(['[FIRST NAME]']);
  });

  it('formats the expiration date in every format of docs/product/builder.md#rules-and-limits', () => {
    const d = '2027-03-05';
    expect(
      (['MMMM D, YYYY', 'DD MMMM YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'D/M/YYYY', 'M/D/YYYY', 'D/M/YY', 'M/D/YY', 'YYYY-MM-DD'] as const).map(
        (f) => formatExpirationDate(d, f),
      ),
    ).toEqual(['March 5, 2027', '05 March 2027', '05/03/2027', '03/05/2027', '5/3/2027', '3/5/2027', '5/3/27', '3/5/27', '2027-03-05']);
  });

  it('shrinks a long name to fit its box on one line, down to 0.65 of its size', () => {
    const name = text('[FIRST NAME] [LAST NAME]', { width: '300px', 'font-size': '40px', 'font-weight': 'bold' }, 'name');
    const fitted = layoutOne(name, { ...sampleRecipient, firstName: 'Johanna', lastName: 'Bergmann' });
    expect(fitted.lines).toHaveLength(1);
    expect(fitted.fontSize).toBeLessThan(40);
    expect(fitted.fontSize).toBeGreaterThanOrEqual(26);
    expect(fitted.lines[0]!.width).toBeLessThanOrEqual(300);
    const floor = layoutOne(name, {
      ...sampleRecipient,
      firstName: 'Maximiliane Alexandra Josephine',
      lastName: 'von Oberhausen-Lichtenstein',
    });
    expect(floor.fontSize).toBe(26);
    expect(floor.lines.length).toBeGreaterThan(1);
    expect(layoutOne(name, { ...sampleRecipient, firstName: 'Al', lastName: 'Li' }).fontSize).toBe(40);
  });

  it('lays out the sample design: QR, line, background and text items in z order', () => {
    const layout = layoutSide(sampleDesign(), 'front', sampleRecipient, fonts);
    // Last, the verification line an issued certificate carries in small print.
    expect(layout.items.map((i) => i.kind)).toEqual(['image', 'text', 'text', 'text', 'text', 'text', 'text', 'line', 'qr', 'text']);
    const qr = layout.items.find((i) => i.kind === 'qr');
    expect(qr?.kind === 'qr' && qr.size).toBeGreaterThanOrEqual(25);
    expect(JSON.stringify(layout)).toContain('November 22, 2027');
  });
});

describe('scripts, direction and fallback fonts', () => {
  const runsOf = (content: string, family = 'Open Sans') =>
    layoutOne(text(content, { width: '600px', 'font-family': family })).lines[0]!.runs.map((r) => ({
      text: r.text,
      face: r.faceId,
      rtl: r.rtl,
    }));

  it('keeps accented Latin names in the chosen font', () => {
    expect(runsOf('Zoë Łukasiewicz-Ærøskøbing Nguyễn')).toEqual([
      { text: 'Zoë Łukasiewicz-Ærøskøbing Nguyễn', face: 'open-sans-400Regular', rtl: false },
    ]);
  });

  it('orders Hebrew right to left (Open Sans has Hebrew glyphs)', () => {
    expect(runsOf('דוד כהן')).toEqual([{ text: 'דוד כהן', face: 'open-sans-400Regular', rtl: true }]);
    // Mixed: the Latin words keep their order, the Hebrew phrase is one right-to-left run between them.
    expect(runsOf('Award to דוד כהן today').map((r) => [r.text, r.rtl])).toEqual([
      ['Award to ', false],
      ['דוד כהן', true],
      [' today', false],
    ]);
  });

  it('falls back to Noto Sans Arabic and reverses the words of an Arabic name', () => {
    const runs = runsOf('محمد علي');
    expect(runs.map((r) => r.text)).toEqual(['علي', ' ', 'محمد']);
    expect(runs[0]!.face).toBe('noto-sans-arabic-400Regular');
    expect(runs.every((r) => r.rtl)).toBe(true);
  });

  it('falls back to Noto Sans SC for Chinese and Japanese, splitting runs per font', () => {
    expect(runsOf('李小龙')).toEqual([{ text: '李小龙', face: 'noto-sans-sc-400Regular', rtl: false }]);
    expect(runsOf('Dr. さくら 山田').map((r) => [r.text, r.face])).toEqual([
      ['Dr. ', 'open-sans-400Regular'],
      ['さくら', 'noto-sans-sc-400Regular'],
      [' ', 'open-sans-400Regular'],
      ['山田', 'noto-sans-sc-400Regular'],
    ]);
  });

  it('uses the fallback at the weight asked for', () => {
    expect(layoutOne(text('محمد', { 'font-weight': 'bold' })).lines[0]!.runs[0]!.faceId).toBe('noto-sans-arabic-700Bold');
  });

  it('positions runs edge to edge in visual order', () => {
    const runs = layoutOne(text('Dr. さくら 山田', { left: '10px', width: '600px' })).lines[0]!.runs;
    for (let i = 1; i < runs.length; i++) expect(runs[i]!.x).toBeCloseTo(runs[i - 1]!.x + runs[i - 1]!.width, 6);
  });
});

describe('visibility and order', () => {
  it('leaves out hidden elements and draws by z-index, background first', () => {
    const design = sampleDesign();
    const [background, title, intro] = design.elements;
    title!.styles = { ...title!.styles, display: 'none' };
    intro!.hideSpan = true;
    const moved = { ...design.elements[3]!, styles: { ...design.elements[3]!.styles, 'z-index': '50' } };
    design.elements = [moved, title!, intro!, ...design.elements.slice(4), background!];
    const items = layoutSide(design, 'front', sampleRecipient, fonts).items;
    expect(items[0]!.kind).toBe('image');
    expect(items[1]!.kind === 'text' && items[1]!.lines[0]!.runs[0]!.text).toBe('Zoë Müller-Lüdenscheidt');
    const texts = items.flatMap((i) => (i.kind === 'text' ? [i.lines.map((l) => l.runs.map((r) => r.text).join('')).join(' ')] : []));
    expect(texts).not.toContain('Certificate of Achievement');
    expect(texts).not.toContain('This certifies that');
  });
});

describe('text blocks kept between recipients', () => {
  it('gives a fixed sentence the same block for every recipient and lays out a personal one anew', () => {
    const fixed = text('Awarded for seamanship', { width: '300px', 'font-size': '18px' });
    const personal = text('[FIRST NAME] [LAST NAME]', { top: '60px', width: '300px', 'font-size': '18px' });
    const design = { ...newDesign(), elements: [fixed, personal] };
    const first = layoutSide(design, 'front', { ...sampleRecipient, firstName: 'Ada' }, fonts);
    const second = layoutSide(design, 'front', { ...sampleRecipient, firstName: 'Grace' }, fonts);
    expect(second.items[0]).toBe(first.items[0]);
    expect(lineTexts(second.items[1] as TextItem)[0]).toMatch(/^Grace /);
    expect(Object.keys(second.faces)).toEqual(Object.keys(first.faces));
  });

  it('lays a block out again when the element is restyled in place, as the builder may do', () => {
    const element = text('Awarded for seamanship', { width: '300px', 'font-size': '18px' });
    const design = { ...newDesign(), elements: [element] };
    const before = layoutSide(design, 'front', undefined, fonts).items[0] as TextItem;
    element.styles['font-size'] = '30px';
    const after = layoutSide(design, 'front', undefined, fonts).items[0] as TextItem;
    expect(after).not.toBe(before);
    expect(after.fontSize).toBe(30);
  });
});
