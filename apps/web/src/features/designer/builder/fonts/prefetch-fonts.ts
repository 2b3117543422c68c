import type { CertificateDesign } from '@laurel/certificate';
import { designFaces } from './design-faces.ts';
import { fetchFace } from './font-files.ts';

/**
 * Starts downloading the built-in faces of a design's front as soon as the design is known (the set has
 * arrived, or a template was chosen), before the builder has rendered; the canvas then finds them on
 * their way or in. A failure is left to the canvas, which asks again and says so.
 */
export function prefetchDesignFonts(design: CertificateDesign): void {
  for (const face of designFaces(design, 'front', []).shown) fetchFace(face).catch(() => undefined);
}
