import { type Element, type ElementType, elementText } from '@laurel/certificate';
import { isHidden, isText, position } from './state/elements.ts';

/** What each kind of element is called on screen (selection labels, the properties panel). */
export const ELEMENT_NAMES: Record<ElementType, string> = {
  background: 'Background',
  text: 'Text',
  dynamic: 'Merge field',
  dynamicText: 'Text with merge fields',
  name: 'Recipient name',
  certificate_number: 'Certificate number',
  expiration_date: 'Expiration date',
  image: 'Image',
  logo: 'Logo',
  qrcode: 'QR code',
  line: 'Line',
  portrait: 'Portrait',
};

const LABEL_TEXT_LENGTH = 40;

/**
 * The name a screen reader gives an element on the canvas: its kind, the start of its text (so two text
 * elements are told apart) and whether it is locked or hidden.
 */
export function elementLabel(element: Element): string {
  const kind = ELEMENT_NAMES[element.type];
  const text = isText(element) ? elementText(element).replace(/\s+/g, ' ').trim() : '';
  const shown = text.length > LABEL_TEXT_LENGTH ? `${text.slice(0, LABEL_TEXT_LENGTH - 1)}…` : text;
  const states = [element.lock ? 'locked' : null, isHidden(element) ? 'hidden' : null].filter(Boolean);
  return [shown ? `${kind}: ${shown}` : kind, ...states].join(', ');
}

/** What the builder says when the selection changes or moves: which element, and where it now sits. */
export function selectionAnnouncement(selected: Element[]): string {
  if (selected.length === 0) return '';
  if (selected.length > 1) return `${selected.length} elements selected`;
  const { left, top } = position(selected[0]!);
  return `${elementLabel(selected[0]!)} selected, at ${Math.round(left)}, ${Math.round(top)}`;
}
