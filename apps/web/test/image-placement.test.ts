import { newDesign, newElement } from '@laurel/certificate';
import { describe, expect, it } from 'vitest';
import { imageElement } from '../src/features/designer/builder/add-content.ts';
import { occupiedBox } from '../src/features/designer/builder/image-placement.ts';

const box = (e: ReturnType<typeof imageElement>) => ({
  left: Number.parseFloat(e.styles.left!),
  top: Number.parseFloat(e.styles.top!),
  width: Number.parseFloat(e.styles.width!),
  height: Number.parseFloat(e.styles.height!),
});
const apart = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
  a.left + a.width <= b.left || b.left + b.width <= a.left || a.top + a.height <= b.top || b.top + b.height <= a.top;

describe('where a new image lands', () => {
  it('clear of the text and inside the page, shrunk to the room there is', () => {
    const design = newDesign();
    const title = { ...newElement('text', 'Letter', { content: 'Certificate of Achievement' }) };
    title.styles = { ...title.styles, left: '70px', top: '40px', width: '500px', 'font-size': '36px' };
    const name = newElement('name', 'Letter');
    design.elements.push(title, name);
    const image = imageElement('image', design, { imagepath: '/files/a.png', width: 1600, height: 1200 });
    const placed = box(image);
    expect(placed.width / placed.height).toBeCloseTo(4 / 3, 1);
    expect(placed.left).toBeGreaterThanOrEqual(0);
    expect(placed.top + placed.height).toBeLessThanOrEqual(494);
    for (const e of design.elements) expect(apart(placed, occupiedBox(e, 640)), JSON.stringify(e.styles)).toBe(true);
  });

  it("keeps the spec's place and cap on an empty page", () => {
    const design = { ...newDesign(), elements: [] };
    expect(box(imageElement('image', design, { imagepath: '/files/a.png', width: 1000, height: 500 }))).toEqual({
      left: 100,
      top: 100,
      width: 400,
      height: 200,
    });
  });
});
