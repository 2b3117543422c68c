import { canvasSize } from './canvas.ts';
import { newElement } from './defaults.ts';
import {
  type CertificateDesign,
  certificateDesignSchema,
  DESIGN_SCHEMA_VERSION,
  EXPIRATION_DATE_FORMATS,
  PAGE_FORMATS,
  type PageFormat,
} from './design.ts';
import { ELEMENT_TYPES, type Element, type ElementType, RESTRICTIONS } from './element.ts';

type Raw = Record<string, unknown>;

const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Older builders stored element lists and styles as JSON strings. */
function parseMaybeJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return undefined;
  }
}

/** Older rows stored flags as 0/1 or "true"/"false". */
function toBool(value: unknown, fallback: boolean): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === '1' || value === 'true') return true;
  if (value === 0 || value === '0' || value === 'false') return false;
  return fallback;
}

function toFormat(value: unknown): PageFormat {
  const text = String(value ?? '').toLowerCase();
  return PAGE_FORMATS.find((f) => f.toLowerCase() === text) ?? 'Letter';
}

function toStyles(value: unknown): Record<string, string> {
  const raw = parseMaybeJson(value);
  if (!isRecord(raw)) return {};
  const styles: Record<string, string> = {};
  for (const [key, v] of Object.entries(raw)) {
    if (typeof v === 'string') styles[key] = v;
    // Numbers from old data are pixel values for geometry and unitless otherwise (z-index, weight).
    else if (typeof v === 'number') styles[key] = /^(top|left|width|height|right|bottom|font-size)$/.test(key) ? `${v}px` : String(v);
  }
  return styles;
}

function migrateElement(value: unknown, format: PageFormat): Element | undefined {
  const raw = isRecord(value) ? value : undefined;
  if (!raw) return undefined;
  const type = ELEMENT_TYPES.find((t) => t === raw.type) as ElementType | undefined;
  if (!type) return undefined;
  const nameFormat = raw.format === 'one' ? 'one' : 'sep';
  const defaults = newElement(type, format, { nameFormat });
  const restrictions = RESTRICTIONS.find((r) => r === raw.restrictions) ?? defaults.restrictions;
  return {
    type,
    content: typeof raw.content === 'string' ? raw.content : defaults.content,
    ...(typeof raw.contentText === 'string' ? { contentText: raw.contentText } : {}),
    restrictions,
    noDuplication: toBool(raw.noDuplication, defaults.noDuplication),
    lock: toBool(raw.lock, defaults.lock),
    hideSpan: toBool(raw.hideSpan, defaults.hideSpan),
    showHidden: toBool(raw.showHidden, defaults.showHidden),
    format: nameFormat,
    resize: toBool(raw.resize, defaults.resize),
    value: typeof raw.value === 'string' ? raw.value : raw.value == null ? '' : String(raw.value),
    // Stored styles win; defaults only fill what older data never had.
    styles: { ...defaults.styles, ...toStyles(raw.styles) },
  };
}

function migrateElements(value: unknown, format: PageFormat): Element[] {
  const list = parseMaybeJson(value);
  if (!Array.isArray(list)) return [];
  return list.flatMap((e) => migrateElement(parseMaybeJson(e), format) ?? []);
}

/**
 * Restores a stored design of any earlier version (or partial data from an older client) to the current
 * schema. Version 1 had no `schemaVersion`, stored lists as JSON strings and flags as 0/1.
 */
export function migrateDesign(raw: unknown): CertificateDesign {
  const data = isRecord(parseMaybeJson(raw)) ? (parseMaybeJson(raw) as Raw) : {};
  const format = toFormat(data.format);
  const isPortrait = toBool(data.is_portrait, false);
  const expiration = EXPIRATION_DATE_FORMATS.find((f) => f === data.expiration_date_format) ?? null;
  const elements = migrateElements(data.elements, format);
  const background = elements.find((e) => e.type === 'background');
  if (background) {
    // Version 1 sized backgrounds for Letter landscape whatever the page; the canvas decides now.
    const { width, height } = canvasSize(format, isPortrait);
    background.styles = { ...background.styles, left: '0px', top: '0px', width: `${width}px`, height: `${height}px` };
  }
  return certificateDesignSchema.parse({
    schemaVersion: DESIGN_SCHEMA_VERSION,
    format,
    is_portrait: isPortrait,
    use_two_side: toBool(data.use_two_side, false),
    rotate_bg: toBool(data.rotate_bg, isPortrait),
    expiration_date_format: expiration,
    elements,
    back_side_elements: migrateElements(data.back_side_elements, format),
  });
}
