import { type Element, newDesign, newElement } from '@laurel/certificate';
import { describe, expect, it } from 'vitest';
import { imageElement } from '../src/features/designer/builder/add-content.ts';
import {
  type Box,
  freeSpot,
  occupiedBox,
  PAGE_MARGIN_PX,
  placeNewElement,
  roomArea,
} from '../src/features/designer/builder/state/free-room.ts';

const LETTER = { width: 640, height: 494 };

const boxOf = (e: Element): Box => ({
  left: Number.parseFloat(e.styles.left!),
  top: Number.parseFloat(e.styles.top!),
  width: Number.parseFloat(e.styles.width!),
  height: Number.parseFloat(e.styles.height ?? '0'),
});
const apart = (a: Box, b: Box) =>
  a.left + a.width <= b.left || b.left + b.width <= a.left || a.top + a.height <= b.top || b.top + b.height <= a.top;
const inside = (a: Box, area: Box) =>
  a.left >= area.left && a.top >= area.top && a.left + a.width <= area.left + area.width && a.top + a.height <= area.top + area.height;

function text(content: string, left: number, top: number, width: number, size: number): Element {
  const e = newElement('text', 'Letter', { content });
  return { ...e, styles: { ...e.styles, left: `${left}px`, top: `${top}px`, width: `${width}px`, 'font-size': `${size}px` } };
}

const at = (e: Element, top: number): Element => ({ ...e, styles: { ...e.styles, top: `${top}px` } });

/** A template's front as issuers see it: a title, the name and a line of text down the middle. */
const TEMPLATE = [
  text('Certificate of Achievement', 70, 70, 500, 36),
  at(newElement('name', 'Letter'), 200),
  text('for completing the spring course', 120, 290, 400, 16),
];
const takenBy = (elements: Element[]) => elements.map((e) => occupiedBox(e, LETTER.width));

describe('the room new content may use', () => {
  it('is the page inside its margins when all of it is in view', () => {
    const area = roomArea(LETTER, { left: -40, top: -48, width: 800, height: 600 });
    expect(area).toEqual({
      left: PAGE_MARGIN_PX,
      top: PAGE_MARGIN_PX,
      width: 640 - 2 * PAGE_MARGIN_PX,
      height: 494 - 2 * PAGE_MARGIN_PX,
    });
  });

  it('is the part in view when zoomed in and scrolled', () => {
    expect(roomArea(LETTER, { left: 300, top: 200, width: 200, height: 150 })).toEqual({ left: 300, top: 200, width: 200, height: 150 });
  });

  it('keeps to the visible page when only its margin is in view, and to the whole page when none of it is', () => {
    expect(roomArea(LETTER, { left: 600, top: 100, width: 200, height: 100 })).toEqual({ left: 600, top: 100, width: 40, height: 100 });
    expect(roomArea(LETTER, { left: 0, top: 900, width: 640, height: 300 })).toEqual(roomArea(LETTER));
  });
});

describe('a free spot', () => {
  it('is the middle of the area when nothing is there', () => {
    expect(freeSpot({ width: 100, height: 40 }, [], { left: 0, top: 0, width: 300, height: 200 }, LETTER)).toEqual({ left: 100, top: 80 });
  });

  it('clears every taken box, as near the middle as it can', () => {
    const area = roomArea(LETTER);
    const taken = takenBy(TEMPLATE);
    const spot = freeSpot({ width: 250, height: 25 }, taken, area, LETTER)!;
    const placed = { ...spot, width: 250, height: 25 };
    expect(inside(placed, area)).toBe(true);
    for (const t of taken) expect(apart(placed, t)).toBe(true);
  });

  it('is null when the area is full', () => {
    const area = { left: 0, top: 0, width: 200, height: 100 };
    expect(freeSpot({ width: 50, height: 20 }, [area], area, LETTER)).toBeNull();
  });
});

describe('where a new element lands', () => {
  it('a text: clear of the template, inside the margins', () => {
    const { element, free } = placeNewElement(newElement('text', 'Letter'), LETTER, takenBy(TEMPLATE));
    expect(free).toBe(true);
    const placed = occupiedBox(element, LETTER.width);
    expect(inside(placed, roomArea(LETTER))).toBe(true);
    for (const t of takenBy(TEMPLATE)) expect(apart(placed, t), JSON.stringify(t)).toBe(true);
  });

  it('a text on an empty page: in the middle of what is in view', () => {
    const view = { left: 320, top: 0, width: 320, height: 247 };
    const { element } = placeNewElement(newElement('text', 'Letter'), LETTER, [], view);
    const placed = occupiedBox(element, LETTER.width);
    expect(inside(placed, roomArea(LETTER, view))).toBe(true);
    expect(placed.left + placed.width / 2).toBeCloseTo(320 + (320 - PAGE_MARGIN_PX) / 2, -1);
  });

  it('an element wider than the margins: centred across the page, clear of the rest', () => {
    const { element, free } = placeNewElement(newElement('name', 'Letter'), LETTER, takenBy(TEMPLATE));
    expect(free).toBe(true);
    const placed = occupiedBox(element, LETTER.width);
    expect(placed.left).toBe(35);
    for (const t of takenBy(TEMPLATE)) expect(apart(placed, t)).toBe(true);
  });

  it('an image: kept to its proportions, shrunk to the room there is', () => {
    const design = newDesign();
    const image = imageElement('image', design, { imagepath: '/files/a.png', width: 1600, height: 1200 });
    const { element, free } = placeNewElement(image, LETTER, takenBy(TEMPLATE));
    expect(free).toBe(true);
    const placed = boxOf(element);
    expect(placed.width / placed.height).toBeCloseTo(4 / 3, 1);
    expect(placed.width).toBeLessThan(400);
    expect(inside(placed, roomArea(LETTER))).toBe(true);
    for (const t of takenBy(TEMPLATE)) expect(apart(placed, t)).toBe(true);
  });

  it('an image on an empty page: at its capped size, in the middle', () => {
    const image = imageElement('image', newDesign(), { imagepath: '/files/a.png', width: 1000, height: 500 });
    expect(boxOf(placeNewElement(image, LETTER, []).element)).toEqual({ left: 120, top: 147, width: 400, height: 200 });
  });

  it('with no room anywhere: in the middle, marked as not free; a logo at its own size, an image small', () => {
    const full = [{ left: 0, top: 0, ...LETTER }];
    const logo = imageElement('logo', newDesign(), { imagepath: '/files/logo.png', width: 300, height: 300 });
    const placedLogo = placeNewElement(logo, LETTER, full);
    expect(placedLogo.free).toBe(false);
    expect(boxOf(placedLogo.element)).toEqual({ left: 283, top: 210, width: 75, height: 75 });
    const image = imageElement('image', newDesign(), { imagepath: '/files/a.png', width: 1000, height: 500 });
    const placedImage = placeNewElement(image, LETTER, full);
    expect(placedImage.free).toBe(false);
    expect(boxOf(placedImage.element)).toEqual({ left: 260, top: 217, width: 120, height: 60 });
  });
});
