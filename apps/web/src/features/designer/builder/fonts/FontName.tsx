import { type FaceRef, resolveFace } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { useEffect, useRef } from 'react';
import { customFaceFor } from './custom-faces.ts';
import { fetchFace } from './font-files.ts';

/** The face a picker shows a family in: the account's own font, or the catalog's regular face. */
export function previewFace(family: string, customFonts: readonly CustomFont[]): FaceRef {
  return customFaceFor(family, customFonts) ?? resolveFace(family);
}

/** The CSS family that draws text in a face once it is registered, and in the app's font until then. */
export const faceFamily = (face: FaceRef) => `'${face.id}', var(--mantine-font-family)`;

/**
 * A font's name written in that font. The file is fetched only when the name scrolls into view (a
 * picker lists some 85 fonts) and through the builder's own cache, so the canvas reuses it; the browser
 * redraws the name as soon as the face is registered.
 */
export function FontName({ family, customFonts }: { family: string; customFonts: readonly CustomFont[] }) {
  const ref = useRef<HTMLSpanElement>(null);
  const face = previewFace(family, customFonts);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the id stands for the face: a new object for the same file needs no new fetch
  useEffect(() => {
    const node = ref.current;
    if (!node) return;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      fetchFace(face).catch(() => {
        // The name stays in the app's font: the picker still works.
      });
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [face.id]);
  return (
    <span ref={ref} style={{ fontFamily: faceFamily(face), fontSize: 15 }}>
      {family}
    </span>
  );
}
