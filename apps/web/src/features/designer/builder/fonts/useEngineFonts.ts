import { type CertificateDesign, createFontProvider, type FaceRef, type FontProvider, facesToLoad } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { useEffect, useMemo, useState } from 'react';
import { customFaceFor, fetchFaceFile } from './custom-faces.ts';

/** Font files fetched once per page load; designs share most faces. */
const fetched = new Map<string, Promise<ArrayBuffer>>();

/**
 * Registers the fetched bytes with the browser under the face id the layout refers to (what
 * `fontFaceCss` declares), so the file is downloaded once and is ready before the text is drawn.
 */
async function registerFace(face: FaceRef, bytes: ArrayBuffer): Promise<ArrayBuffer> {
  const fontFace = new FontFace(face.id, bytes.slice(0), { weight: 'normal', style: 'normal' });
  await fontFace.load();
  document.fonts.add(fontFace);
  return bytes;
}

/** Fetches a face once per page load and registers it with the browser under its id. */
export function fetchFace(face: FaceRef): Promise<ArrayBuffer> {
  let pending = fetched.get(face.id);
  if (!pending) {
    pending = fetchFaceFile(face)
      .then((blob) => blob.arrayBuffer())
      .then((bytes) => registerFace(face, bytes));
    pending.catch(() => fetched.delete(face.id));
    fetched.set(face.id, pending);
  }
  return pending;
}

function neededFaces(design: CertificateDesign, customFonts: readonly CustomFont[]): FaceRef[] {
  const faces = new Map(facesToLoad(design).map((f) => [f.id, f]));
  for (const e of [...design.elements, ...design.back_side_elements]) {
    const custom = customFaceFor(e.styles['font-family'], customFonts);
    if (custom) faces.set(custom.id, custom);
  }
  return [...faces.values()];
}

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
  provider: FontProvider | null;
  /** Faces still on their way; the canvas shows a quiet loading state meanwhile. */
  loading: boolean;
  error: boolean;
}

/**
 * The font files a design needs, fetched and parsed by the same engine the server uses, so the canvas
 * breaks lines exactly where the PDF and PNG do.
 */
export function useEngineFonts(design: CertificateDesign | null, customFonts: readonly CustomFont[]): EngineFonts {
  const wanted = useMemo(() => (design ? neededFaces(design, customFonts) : []), [design, customFonts]);
  const wantedKey = wanted
    .map((f) => f.id)
    .sort()
    .join('|');
  const [loaded, setLoaded] = useState<{ key: string; files: { face: FaceRef; bytes: ArrayBuffer }[] }>({ key: '', files: [] });
  const [error, setError] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list: a new array with the same faces needs no new fetch
  useEffect(() => {
    if (!wanted.length) return;
    let cancelled = false;
    Promise.all(wanted.map(async (face) => ({ face, bytes: await fetchFace(face) })))
      .then((files) => {
        if (!cancelled) {
          setError(false);
          setLoaded({ key: wantedKey, files });
        }
      })
      .catch(() => !cancelled && setError(true));
    return () => {
      cancelled = true;
    };
  }, [wantedKey]);

  const provider = useMemo(
    () => (loaded.files.length ? withCustomFonts(createFontProvider(loaded.files), customFonts) : null),
    [loaded, customFonts],
  );
  return { provider, loading: loaded.key !== wantedKey, error };
}
