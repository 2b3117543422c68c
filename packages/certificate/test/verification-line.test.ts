import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { type Box, type LayoutItem, layoutSide, newDesign, newElement, type TextItem } from '../src/index.ts';
import { nodeFontProvider, renderPdf } from '../src/node.ts';
import { artToneReader } from '../src/render/art-tone.ts';
import { fileImageLoader } from '../src/render/image-source.ts';
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
    expect(line.color).toBe('#4d4d4d');
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

/** A 1280 x 988 background: `ground` everywhere, with fine stripes over the rows `busy` gives (canvas px). */
function background(ground: string, busy: readonly [number, number][]): string {
  const canvas = createCanvas(1280, 988);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, 1280, 988);
  ctx.fillStyle = '#1d4a46';
  for (const [from, to] of busy) for (let x = 0; x < 1280; x += 6) ctx.fillRect(x, from * 2, 2, (to - from) * 2);
  return `data:image/png;base64,${canvas.toBuffer('image/png').toString('base64')}`;
}

const relativeLuminance = (hex: string) => {
  const v = parseInt(hex.slice(1), 16);
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(((v >> 16) & 255) / 255) + 0.7152 * linear(((v >> 8) & 255) / 255) + 0.0722 * linear((v & 255) / 255);
};
const contrast = (a: string, b: string) => {
  const [x, y] = [relativeLuminance(a), relativeLuminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
};

describe('verification URL on the art', () => {
  const onArt = (src: string) => {
    const design = newDesign();
    design.elements = [{ ...newElement('background'), content: src }];
    const layout = layoutSide(design, 'front', sampleRecipient, nodeFontProvider, { artTone: artToneReader(fileImageLoader()) });
    return { layout, line: layout.items.find(isVerification)! };
  };

  it('moves in from a patterned border along the edges to plain art, in a grey that reads on it', () => {
    const { layout, line } = onArt(
      background('#fbf6e9', [
        [0, 40],
        [454, 494],
      ]),
    );
    expect(ink(line).y + ink(line).height).toBeLessThan(454);
    expect(ink(line).y).toBeGreaterThan(layout.height - 80);
    expect(contrast(line.color, '#fbf6e9')).toBeGreaterThanOrEqual(4.5);
    expect(layout.items.some((item) => item.kind === 'line')).toBe(false);
  });

  it('is light on dark art', () => {
    const { line } = onArt(background('#10203a', []));
    expect(contrast(line.color, '#10203a')).toBeGreaterThanOrEqual(4.5);
    expect(relativeLuminance(line.color)).toBeGreaterThan(0.5);
  });

  it('sits on a plate that covers the pattern where the art is busy all round the edges', () => {
    const { line, layout } = onArt(
      background('#fbf6e9', [
        [0, 80],
        [414, 494],
      ]),
    );
    const plate = layout.items.find((item) => item.kind === 'line')!;
    expect(plate).toBeDefined();
    const box = ink(line);
    expect(plate.box.x).toBeLessThanOrEqual(box.x);
    expect(plate.box.y).toBeLessThanOrEqual(box.y);
    expect(plate.box.x + plate.box.width).toBeGreaterThanOrEqual(box.x + box.width);
    expect(plate.box.y + plate.box.height).toBeGreaterThanOrEqual(box.y + box.height);
    expect(contrast(line.color, plate.color)).toBeGreaterThanOrEqual(4.5);
    // Drawn after the background and before the line.
    expect(layout.items.indexOf(plate)).toBeLessThan(layout.items.indexOf(line));
  });
});
