import { describe, expect, it } from 'vitest';
import { type Box, type LayoutItem, layoutSide, newDesign, type TextItem } from '../src/index.ts';
import { nodeFontProvider, renderPdf } from '../src/node.ts';
import { sampleDesign, sampleRecipient, text } from './helpers/sample.ts';
import { run, writeTemp } from './helpers/tools.ts';

const VERIFY = `Verify at ${sampleRecipient.verificationUrl}`;

const lineText = (item: TextItem) => item.lines.map((l) => l.runs.map((r) => r.text).join('')).join(' ');
const isVerification = (item: LayoutItem): item is TextItem => item.kind === 'text' && lineText(item) === VERIFY;

function ink(item: TextItem): Box {
  const x = Math.min(...item.lines.map((l) => l.x));
  const right = Math.max(...item.lines.map((l) => l.x + l.width));
  const last = item.lines.at(-1)!;
  return { x, y: item.lines[0]!.top, width: right - x, height: last.top + last.height - item.lines[0]!.top };
}

const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('verification URL in small print', () => {
  it('is in the text of every issued PDF, on the first page', () => {
    const file = writeTemp('verify.pdf', renderPdf(sampleDesign(), sampleRecipient));
    const page = run('pdftotext', ['-f', '1', '-l', '1', file, '-']).replace(/\s+/g, ' ');
    expect(page).toContain(VERIFY);
  });

  it('is not drawn for a preview without a recipient, nor on the back side', () => {
    const design = { ...sampleDesign(), use_two_side: true, back_side_elements: [text('Terms', { top: '40px' })] };
    expect(layoutSide(design, 'front', undefined, nodeFontProvider).items.some(isVerification)).toBe(false);
    expect(layoutSide(design, 'back', sampleRecipient, nodeFontProvider).items.some(isVerification)).toBe(false);
  });

  it('sits in the bottom margin, small and grey, clear of every element of the design', () => {
    const layout = layoutSide(sampleDesign(), 'front', sampleRecipient, nodeFontProvider);
    const line = layout.items.find(isVerification)!;
    expect(line.fontSize).toBeLessThanOrEqual(7);
    expect(line.color).toBe('#808080');
    expect(ink(line).y).toBeGreaterThan(layout.height - 30);
    for (const item of layout.items) {
      if (item === line || item.kind === 'image') continue;
      const box = item.kind === 'text' ? ink(item) : item.box;
      expect(overlaps(box, ink(line))).toBe(false);
    }
  });

  it('moves out of the way of content along the bottom edge', () => {
    const design = newDesign();
    // A footer text filling the bottom margin from edge to edge: the line goes to the top margin.
    const footer = 'Issued under the rules of the board; any alteration voids this certificate. '.repeat(3);
    design.elements = [text(footer, { left: '0px', top: '458px', width: '640px', 'font-size': '14px', 'text-align': 'justify' })];
    const layout = layoutSide(design, 'front', sampleRecipient, nodeFontProvider);
    const line = layout.items.find(isVerification)!;
    expect(ink(line).y).toBeLessThan(30);
    expect(overlaps(ink(layout.items[0] as TextItem), ink(line))).toBe(false);
  });
});
