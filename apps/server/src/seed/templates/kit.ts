import {
  type CertificateDesign,
  canvasSize,
  DESIGN_SCHEMA_VERSION,
  type Element,
  type ElementType,
  type ExpirationDateFormat,
  newElement,
} from '@laurel/certificate';
import { backgroundPath } from '../background-files.ts';

export type TemplateKind = 'classic' | 'modern' | 'academic' | 'corporate' | 'training' | 'award';

/** A global template as shipped: its design and the subject of its delivery email. */
export interface TemplateSeed {
  name: string;
  kind: TemplateKind;
  subject: string;
  design: CertificateDesign;
}

export interface TextOptions {
  top: number;
  size: number;
  family: string;
  color: string;
  width?: number;
  /** Defaults to centring the box on the canvas. */
  left?: number;
  weight?: number;
  italic?: boolean;
  align?: 'left' | 'center' | 'right';
  lineHeight?: number;
}

const px = (n: number) => `${n}px`;
const CANVAS_CENTRE = 320;

function textElement(type: ElementType, content: string, o: TextOptions): Element {
  const base = newElement(type, 'Letter', { content });
  const width = o.width ?? 480;
  return {
    ...base,
    content,
    styles: {
      ...base.styles,
      left: px(o.left ?? CANVAS_CENTRE - width / 2),
      top: px(o.top),
      width: px(width),
      'font-size': px(o.size),
      'font-family': o.family,
      color: o.color,
      'text-align': o.align ?? 'center',
      'font-weight': String(o.weight ?? 400),
      ...(o.italic ? { 'font-style': 'italic' } : {}),
      ...(o.lineHeight ? { 'line-height': String(o.lineHeight) } : {}),
    },
  };
}

export const text = (content: string, o: TextOptions) => textElement('text', content, o);
/** Text with a merge field, filled from each recipient's data. */
export const mergeText = (content: string, o: TextOptions) => textElement('dynamicText', content, o);
export const certificateNumber = (content: string, o: TextOptions) => textElement('certificate_number', content, o);
export const expirationDate = (content: string, o: TextOptions) => textElement('expiration_date', content, o);

/** The recipient's name: first and last name fields, shrunk to fit one line when long. */
export function recipientName(o: TextOptions): Element {
  const element = textElement('name', '[FIRST NAME] [LAST NAME]', o);
  return { ...element, format: 'sep', noDuplication: true };
}

export function rule(o: { top: number; width: number; color: string; left?: number; thickness?: number }): Element {
  const base = newElement('line');
  return {
    ...base,
    styles: {
      ...base.styles,
      left: px(o.left ?? CANVAS_CENTRE - o.width / 2),
      top: px(o.top),
      width: px(o.width),
      'border-top-width': px(o.thickness ?? 1),
      'border-top-color': o.color,
    },
  };
}

export function qrCode(o: { top: number; left: number; size: number; color?: string }): Element {
  const base = newElement('qrcode');
  return {
    ...base,
    styles: {
      ...base.styles,
      left: px(o.left),
      top: px(o.top),
      width: px(o.size),
      height: px(o.size),
      ...(o.color ? { color: o.color } : {}),
    },
  };
}

/**
 * A signature block: a rule with a caption under it (the person's role), and optionally a line of text
 * above it (a name or date) centred on the same axis.
 */
export function signatureBlock(o: {
  centre: number;
  top: number;
  width: number;
  ruleColor: string;
  caption: string;
  captionStyle: Omit<TextOptions, 'top'>;
  above?: { content: string; merge?: boolean; style: Omit<TextOptions, 'top'>; gap: number };
}): Element[] {
  const left = o.centre - o.width / 2;
  const caption = text(o.caption, { ...o.captionStyle, top: o.top + 7, left: o.centre - 90, width: 180 });
  const elements = [rule({ top: o.top, width: o.width, left, color: o.ruleColor }), caption];
  if (o.above) {
    const make = o.above.merge ? mergeText : text;
    elements.push(make(o.above.content, { ...o.above.style, top: o.top - o.above.gap, left: o.centre - 100, width: 200 }));
  }
  return elements;
}

/** The page: a Letter design whose background is a seeded image drawn for its orientation. */
export function letterDesign(options: {
  portrait: boolean;
  background: string;
  elements: Element[];
  expirationFormat?: ExpirationDateFormat;
}): CertificateDesign {
  const { width, height } = canvasSize('Letter', options.portrait);
  const background = newElement('background', 'Letter', { content: backgroundPath(options.background) });
  background.styles = { ...background.styles, width: px(width), height: px(height) };
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    format: 'Letter',
    is_portrait: options.portrait,
    use_two_side: false,
    // The portrait art is drawn upright, so it is not turned as a landscape image would be.
    rotate_bg: false,
    expiration_date_format: options.expirationFormat ?? null,
    elements: [background, ...options.elements],
    back_side_elements: [],
  };
}
