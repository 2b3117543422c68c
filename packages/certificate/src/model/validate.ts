import { canvasSize } from './canvas.ts';
import { MIN_ELEMENT_HEIGHT_PX, MIN_ELEMENT_WIDTH_PX } from './defaults.ts';
import { type CertificateDesign, DEFAULT_EXPIRATION_DATE_FORMAT, type DesignSide } from './design.ts';
import type { Element } from './element.ts';
import { elementText } from './element-text.ts';
import { countChar, hasMergeField, mergeFieldNames, mergeKey } from './merge-fields.ts';
import { pxValue } from './styles.ts';

export interface DesignIssue {
  message: string;
  elementIndex?: number;
  side?: DesignSide;
}

const PREFIX = 'Error Saving Certificate: ';
export const MESSAGES = {
  emptyMergeField: `${PREFIX}Element '[merge field]' must not be empty`,
  brackets: (content: string) => `${PREFIX}Element '${content}' must contain exactly one opening '[' and one closing ']' square bracket`,
  downloadLink: `${PREFIX}DOWNLOAD_CERTIFICATE_LINK cannot be used in the certificate; it can be inserted only into the email body`,
  expirationField: `${PREFIX}EXPIRATION_DATE cannot be used as a custom merge field; use Add Content, Expiration Date instead`,
  duplicateField: (name: string) => `${PREFIX}Merge field '[${name}]' is used more than once; merge field names must be unique`,
  tooSmall: (content: string) =>
    `${PREFIX}Element '${content}' must be at least ${MIN_ELEMENT_WIDTH_PX} px wide and ${MIN_ELEMENT_HEIGHT_PX} px high`,
  outside: (content: string) => `${PREFIX}Element '${content}' must stay within the certificate`,
} as const;

const label = (element: Element) => elementText(element) || element.type;

function* eachElement(design: CertificateDesign) {
  for (const [side, list] of [
    ['front', design.elements],
    ['back', design.back_side_elements],
  ] as const) {
    for (const [elementIndex, element] of list.entries()) yield { side, elementIndex, element };
  }
}

/** docs/product/builder.md#rules-and-limits Builder rules; an empty list means the design may be saved. */
export function validateDesign(design: CertificateDesign): DesignIssue[] {
  const issues: DesignIssue[] = [];
  const seen = new Map<string, string>();
  const canvas = canvasSize(design.format, design.is_portrait);
  for (const { side, elementIndex, element } of eachElement(design)) {
    const at = { elementIndex, side };
    const text = elementText(element);
    if (/DOWNLOAD_CERTIFICATE_LINK/i.test(text)) issues.push({ message: MESSAGES.downloadLink, ...at });
    if (element.type === 'dynamic') {
      if (text.trim() === '' || /^\[\s*\]$/.test(text.trim())) {
        issues.push({ message: MESSAGES.emptyMergeField, ...at });
      } else if (countChar(text, '[') !== 1 || countChar(text, ']') !== 1 || !hasMergeField(text)) {
        issues.push({ message: MESSAGES.brackets(text), ...at });
      }
    }
    if (element.type === 'dynamic' || element.type === 'dynamicText' || element.type === 'text') {
      if (mergeFieldNames(text).some((n) => mergeKey(n) === 'expiration_date')) {
        issues.push({ message: MESSAGES.expirationField, ...at });
      }
    }
    if (element.type === 'name' || element.type === 'dynamic') {
      for (const name of mergeFieldNames(text)) {
        const key = mergeKey(name);
        if (seen.has(key)) issues.push({ message: MESSAGES.duplicateField(name), ...at });
        else seen.set(key, name);
      }
    }
    issues.push(...geometryIssues(element, canvas).map((message) => ({ message, ...at })));
  }
  return issues;
}

function geometryIssues(element: Element, canvas: { width: number; height: number }): string[] {
  if (element.type === 'background') return [];
  const s = element.styles;
  const left = pxValue(s.left) ?? 0;
  const top = pxValue(s.top) ?? 0;
  const width = pxValue(s.width);
  const height = element.type === 'line' ? undefined : pxValue(s.height);
  const issues: string[] = [];
  if (
    element.resize &&
    ((width !== undefined && width < MIN_ELEMENT_WIDTH_PX) || (height !== undefined && height < MIN_ELEMENT_HEIGHT_PX))
  ) {
    issues.push(MESSAGES.tooSmall(label(element)));
  }
  const right = left + (width ?? 0);
  const bottom = top + (height ?? 0);
  // Half a pixel of slack: the builder stores dragged positions with sub-pixel remainders.
  if (left < -0.5 || top < -0.5 || right > canvas.width + 0.5 || bottom > canvas.height + 0.5) {
    issues.push(MESSAGES.outside(label(element)));
  }
  return issues;
}

/**
 * The conversions applied on save (docs/product/builder.md#flows): text holding a bracketed merge field becomes dynamicText,
 * and the expiration date format is cleared when neither side has an expiration element (and defaulted
 * when one exists without a format).
 */
export function prepareForSave(design: CertificateDesign): CertificateDesign {
  const convert = (list: Element[]) =>
    list.map((e) => (e.type === 'text' && hasMergeField(elementText(e)) ? { ...e, type: 'dynamicText' as const } : e));
  const elements = convert(design.elements);
  const back = convert(design.back_side_elements);
  const hasExpiration = [...elements, ...back].some((e) => e.type === 'expiration_date');
  return {
    ...design,
    elements,
    back_side_elements: back,
    expiration_date_format: hasExpiration ? (design.expiration_date_format ?? DEFAULT_EXPIRATION_DATE_FORMAT) : null,
  };
}
