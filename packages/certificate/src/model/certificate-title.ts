import type { CertificateDesign } from './design.ts';
import { elementText } from './element-text.ts';
import { hasMergeField } from './merge-fields.ts';
import { pxValue } from './styles.ts';

/**
 * The title printed on a certificate ("Certificate of Achievement"): the largest fixed text on the
 * front, the topmost of equals. This is what the holder was awarded, as opposed to the set's name,
 * which the issuer chose to find it in their list ("Spring cohort v2"). Text with a merge field is
 * someone's name or details, never the title; hidden text is not printed. Null when the front has
 * no fixed text.
 */
export function certificateTitle(design: Pick<CertificateDesign, 'elements'>): string | null {
  let best: { text: string; size: number; top: number } | null = null;
  for (const element of design.elements) {
    if (element.type !== 'text' || element.styles.display === 'none') continue;
    const text = elementText(element).replace(/\s+/g, ' ').trim();
    if (!text || hasMergeField(text)) continue;
    const size = pxValue(element.styles['font-size']) ?? 0;
    const top = pxValue(element.styles.top) ?? 0;
    if (!best || size > best.size || (size === best.size && top < best.top)) best = { text, size, top };
  }
  return best?.text ?? null;
}
