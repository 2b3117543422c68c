import type { FaceRef } from '@laurel/certificate';
import type { CustomFont } from '../../api.ts';

/** The face id the server registers an account font under, so layouts agree on it. */
export function customFace(font: CustomFont): FaceRef {
  const family = font.family ?? font.name;
  return { id: `custom-${family.replace(/[^A-Za-z0-9_-]/g, '_')}`, family, file: font.url };
}

const unquote = (family: string) =>
  family
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();

export function customFaceFor(family: string | undefined, fonts: readonly CustomFont[]): FaceRef | undefined {
  if (!family) return undefined;
  const wanted = unquote(family);
  const font = fonts.find((f) => (f.family ?? f.name).toLowerCase() === wanted);
  return font ? customFace(font) : undefined;
}

/** Built-in faces are served by the font-files route; account fonts are stored files with their own URL. */
export const faceUrl = (face: FaceRef) => (face.file.startsWith('/') ? face.file : `/api/font-files/${face.file}`);
