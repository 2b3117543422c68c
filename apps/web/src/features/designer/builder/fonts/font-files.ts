import type { FaceRef } from '@laurel/certificate';
import { fetchFaceFile } from './custom-faces.ts';

/** Font files fetched once per page load; designs share most faces, and the picker's previews reuse them. */
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
