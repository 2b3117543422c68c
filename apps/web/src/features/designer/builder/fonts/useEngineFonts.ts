import { type CertificateDesign, createFontProvider, type DesignSide, type FaceRef, type FontProvider } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { useEffect, useMemo, useState } from 'react';
import { customFaceFor } from './custom-faces.ts';
import { designFaces } from './design-faces.ts';
import { fetchFace } from './font-files.ts';

/** Account fonts are not in the catalog: the engine's provider is asked for them by family first. */
function withCustomFonts(base: FontProvider, customFonts: readonly CustomFont[]): FontProvider {
  return {
    face: (family, weight, italic) => {
      const custom = customFaceFor(family, customFonts);
      return custom ? base.load(custom) : base.face(family, weight, italic);
    },
    load: base.load,
    fallbacks: base.fallbacks,
  };
}

export interface EngineFonts {
  /** The faces in so far; null until the first one is. */
  provider: FontProvider | null;
  /** Faces of the design still on their way; the canvas says so meanwhile. */
  loading: boolean;
  error: boolean;
}

type Loaded = ReadonlyMap<string, { face: FaceRef; bytes: ArrayBuffer }>;

/**
 * The font files a design needs, fetched and parsed by the same engine the server uses, so the canvas
 * breaks lines exactly where the PDF and PNG do. Those of the side on screen come first, the other
 * side's after them, and each face is given to the canvas as it arrives: an element is drawn as soon
 * as its own face is in, not when the last file of the design is (docs/decisions/0072-builder-at-laptop-width.md).
 */
export function useEngineFonts(
  design: CertificateDesign | null,
  customFonts: readonly CustomFont[],
  side: DesignSide = 'front',
  /** The account's own fonts are still being listed: a text set in one cannot be drawn in it yet. */
  customFontsPending = false,
): EngineFonts {
  const wanted = useMemo(() => (design ? designFaces(design, side, customFonts) : { shown: [], other: [] }), [design, side, customFonts]);
  const key = (faces: FaceRef[]) =>
    faces
      .map((f) => f.id)
      .sort()
      .join('|');
  const shownKey = key(wanted.shown);
  const otherKey = key(wanted.other);
  const [loaded, setLoaded] = useState<Loaded>(new Map());
  const [error, setError] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys stand for the lists: a new array with the same faces needs no new fetch
  useEffect(() => {
    let cancelled = false;
    const arrive = (face: FaceRef) =>
      fetchFace(face).then((bytes) => {
        if (cancelled) return;
        setError(false);
        setLoaded((now) => (now.has(face.id) ? now : new Map(now).set(face.id, { face, bytes })));
      });
    Promise.all(wanted.shown.map(arrive))
      .then(() => Promise.all(wanted.other.map(arrive)))
      .catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
    };
  }, [shownKey, otherKey]);

  const all = [...wanted.shown, ...wanted.other];
  // A design without text needs no face: its provider is an empty one.
  const anyIn = loaded.size > 0 || all.length === 0;
  const provider = useMemo(
    () => (anyIn ? withCustomFonts(createFontProvider(loaded.values()), customFonts) : null),
    [anyIn, loaded, customFonts],
  );
  const loading = customFontsPending || all.some((face) => !loaded.has(face.id));
  return { provider, loading, error };
}
