import type { FaceRef } from '@laurel/certificate';
import { type CustomFont, fontCalls } from '@laurel/domain';
import { fetchBinary } from '../../../../shared/api/binary.ts';
import { callFile } from '../../../../shared/api/call.ts';

/** The face id the server registers an account font under, so layouts agree on it. */
export function customFace(font: CustomFont): FaceRef {
  const family = font.family;
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
  const font = fonts.find((f) => f.family.toLowerCase() === wanted);
  return font ? customFace(font) : undefined;
}

/**
 * Built-in faces are served by the font-files route, by their `{pkg}/{variant}/{file}` path in the catalog;
 * account fonts are stored files with their own URL.
 */
export function fetchFaceFile(face: FaceRef): Promise<Blob> {
  if (face.file.startsWith('/')) return fetchBinary(face.file);
  const [pkg = '', variant = '', file = ''] = face.file.split('/');
  return callFile(fontCalls.getFontFile, { params: { pkg, variant, file } });
}
