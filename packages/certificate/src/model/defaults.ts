import { DEFAULT_FONT } from '../fonts/registry.ts';
import { CANVAS_WIDTH, canvasSize } from './canvas.ts';
import { type CertificateDesign, DESIGN_SCHEMA_VERSION, type PageFormat } from './design.ts';
import type { Element, ElementStyles, ElementType } from './element.ts';

export const Z_INDEX_BASE = 99;
/** Shift applied when a new element lands where one already sits (docs/product/builder.md#flows). */
export const COLLISION_OFFSET_PX = 25;
export const LINE_COLLISION_OFFSET_PX = 15;
export const MIN_ELEMENT_WIDTH_PX = 70;
export const MIN_ELEMENT_HEIGHT_PX = 30;
export const DEFAULT_NAME_FIT_SCALE = 0.65;
/** Font sizes the builder offers (docs/product/builder.md#rules-and-limits). */
export const FONT_SIZES_PX = [
  6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 20, 24, 26, 28, 30, 36, 40, 44, 48, 54, 60, 66, 72, 80, 88, 96, 112, 128,
] as const;

export const NAME_CONTENT_SEPARATE = '[FIRST NAME] [LAST NAME]';
export const NAME_CONTENT_COMBINED = '[PARTICIPANT NAME]';
export const DEFAULT_MERGE_FIELD = '[MERGE FIELD]';

const LINE_DEFAULT_TOP: Record<PageFormat, number> = { Letter: 410, A4: 360, Legal: 310 };

const px = (n: number) => `${n}px`;

function base(type: ElementType, content: string, styles: ElementStyles): Element {
  return {
    type,
    content,
    restrictions: 'none',
    noDuplication: false,
    lock: false,
    hideSpan: false,
    showHidden: false,
    format: 'sep',
    resize: true,
    value: '',
    styles: { 'z-index': String(Z_INDEX_BASE), ...styles },
  };
}

function textStyles(left: number, top: number, width: number, size: number): ElementStyles {
  return {
    left: px(left),
    top: px(top),
    width: px(width),
    'font-size': px(size),
    'font-family': DEFAULT_FONT,
    color: '#000000',
    'text-align': 'left',
  };
}

/** A new element of the given kind with the sizes and offsets of docs/product/builder.md#rules-and-limits. */
export function newElement(
  kind: ElementType,
  format: PageFormat = 'Letter',
  options: { nameFormat?: 'sep' | 'one'; content?: string } = {},
): Element {
  const centred = (width: number) => CANVAS_WIDTH / 2 - width / 2;
  switch (kind) {
    case 'text':
      return base(kind, options.content ?? 'Text', textStyles(100, 100, 250, 18));
    case 'dynamic':
    case 'dynamicText':
      return base(kind, options.content ?? DEFAULT_MERGE_FIELD, textStyles(100, 100, 250, 18));
    case 'name': {
      const nameFormat = options.nameFormat ?? 'sep';
      const element = base(kind, nameFormat === 'sep' ? NAME_CONTENT_SEPARATE : NAME_CONTENT_COMBINED, {
        ...textStyles(centred(570), 100, 570, 24),
        'font-weight': 'bold',
        color: '#0000ff',
        'text-align': 'center',
      });
      return { ...element, format: nameFormat, noDuplication: true };
    }
    case 'certificate_number':
      return { ...base(kind, '[CERTIFICATE NUMBER]', textStyles(100, 100, 200, 14)), noDuplication: true };
    case 'expiration_date':
      return { ...base(kind, '[EXPIRATION_DATE]', textStyles(100, 100, 300, 14)), noDuplication: true };
    case 'qrcode':
      return { ...base(kind, '', { left: px(100), top: px(100), width: px(75), height: px(75) }), noDuplication: true };
    case 'logo':
      return base(kind, options.content ?? '', { left: px(50), top: px(50), width: px(75), height: px(75) });
    case 'image':
    case 'portrait':
      return base(kind, options.content ?? '', { left: px(100), top: px(100), width: px(400), height: px(400) });
    case 'line':
      return base(kind, '', {
        left: px(centred(300)),
        top: px(LINE_DEFAULT_TOP[format]),
        width: px(300),
        'border-top-width': '1px',
        'border-top-style': 'solid',
        'border-top-color': '#000000',
      });
    case 'background': {
      const { width, height } = canvasSize(format, false);
      return {
        ...base(kind, options.content ?? '', {
          left: '0px',
          top: '0px',
          width: px(width),
          height: px(height),
          'background-size': '100% 100%',
          'z-index': '0',
        }),
        resize: false,
        lock: true,
      };
    }
  }
}

/** The design a new certificate set starts from (docs/product/builder.md#what-is-kept Defaults). */
export function newDesign(format: PageFormat = 'Letter', isPortrait = false): CertificateDesign {
  const participant: Element = {
    ...base('text', NAME_CONTENT_COMBINED, textStyles(175, 175, 300, 18)),
    restrictions: 'read-only',
  };
  return {
    schemaVersion: DESIGN_SCHEMA_VERSION,
    format,
    is_portrait: isPortrait,
    use_two_side: false,
    rotate_bg: isPortrait,
    expiration_date_format: null,
    elements: [participant],
    back_side_elements: [],
  };
}
