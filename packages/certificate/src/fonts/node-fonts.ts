import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import type { FontProvider, LoadedFace } from '../layout/fonts.ts';
import { type FaceRef, fallbackFaces, resolveFace } from './registry.ts';

const require = createRequire(import.meta.url);
const packageDirs = new Map<string, string>();

/** Absolute directory of an @expo-google-fonts package: the root that `FaceRef.file` is relative to. */
function packageDir(pkg: string): string {
  let dir = packageDirs.get(pkg);
  if (!dir) {
    dir = dirname(require.resolve(`@expo-google-fonts/${pkg}/package.json`));
    packageDirs.set(pkg, dir);
  }
  return dir;
}

export function faceFilePath(face: FaceRef): string {
  const [pkg, ...rest] = face.file.split('/');
  return join(packageDir(pkg!), ...rest);
}

/** Absolute path of the TTF file for a family, weight and style. */
export function fontFilePath(family: string, weight = 400, italic = false): string {
  return faceFilePath(resolveFace(family, weight, italic));
}

const loaded = new Map<string, LoadedFace>();
const customFaces = new Map<string, FaceRef & { path: string }>();
const customById = new Map<string, FaceRef & { path: string }>();

/**
 * Parses each font file once per process: parsing costs several milliseconds per face, far more than
 * laying out a certificate.
 */
export function loadFace(face: FaceRef): LoadedFace {
  let result = loaded.get(face.id);
  if (!result) {
    const path = customById.get(face.id)?.path ?? faceFilePath(face);
    const bytes = readFileSync(path);
    result = { ...face, font: fontkit.create(bytes) as fontkit.Font, bytes, path };
    loaded.set(face.id, result);
  }
  return result;
}

/** Makes an account's uploaded font (a TTF or OTF file on disk) available under its family name. */
export function registerCustomFont(family: string, path: string): FaceRef {
  const face = { id: `custom-${family.replace(/[^A-Za-z0-9_-]/g, '_')}`, family, file: path, path };
  customFaces.set(family.toLowerCase(), face);
  customById.set(face.id, face);
  return face;
}

/** Font provider for Node: catalog and custom fonts from disk, parsed lazily and cached. */
export const nodeFontProvider: FontProvider = {
  face(family, weight, italic) {
    const custom = customFaces.get(
      family
        .trim()
        .replace(/^['"]|['"]$/g, '')
        .toLowerCase(),
    );
    return loadFace(custom ?? resolveFace(family, weight, italic));
  },
  load: loadFace,
  fallbacks(weight, italic) {
    return fallbackFaces(weight, italic).map(loadFace);
  },
};

/** A font an account uploaded: the family name its designs use, a process-wide unique id, and its file. */
export interface CustomFontFile {
  /** The family name as designs write it in `font-family`. */
  family: string;
  /** Unique across accounts, so that two accounts' fonts of the same name never mix. */
  id: string;
  path: string;
}

/** The family a `font-family` value names first, unquoted and lower-cased. */
const firstFamily = (value: string) =>
  value
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '')
    .toLowerCase();

/** The catalog plus one account's own fonts, which win over a catalog family of the same name. */
export function customFontProvider(fonts: readonly CustomFontFile[]): FontProvider {
  if (!fonts.length) return nodeFontProvider;
  const custom = new Map(fonts.map((font) => [font.family.toLowerCase(), registerCustomFont(font.id, font.path)]));
  return {
    ...nodeFontProvider,
    face(family, weight, italic) {
      const own = custom.get(firstFamily(family));
      return own ? nodeFontProvider.load(own) : nodeFontProvider.face(family, weight, italic);
    },
  };
}
