import type { Font } from 'fontkit';
import type { FaceRef } from '../fonts/registry.ts';

/** A face whose file has been parsed with fontkit (in Node from disk, in the browser from fetched bytes). */
export interface LoadedFace extends FaceRef {
  font: Font;
  /** The file's bytes, for embedding; absent when the caller parsed the font without keeping them. */
  bytes?: Uint8Array;
  /** Absolute file path in Node, for renderers that register fonts by path. */
  path?: string;
}

/** Where the layout engine gets fonts; it never touches files itself so that it runs in the browser too. */
export interface FontProvider {
  face(family: string, weight: number, italic: boolean): LoadedFace;
  /** The loaded face for a reference found in a Layout. */
  load(face: FaceRef): LoadedFace;
  /** Faces tried in order for characters the chosen face lacks, at the nearest weight and style. */
  fallbacks(weight: number, italic: boolean): readonly LoadedFace[];
}
