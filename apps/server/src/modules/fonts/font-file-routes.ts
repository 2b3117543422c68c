import { readFile } from 'node:fs/promises';
import { CERTIFICATE_FONTS, FALLBACK_FONTS } from '@laurel/certificate';
import { faceFilePath } from '@laurel/certificate/node';
import { fontCalls as calls } from '@laurel/domain';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors.ts';
import { route } from '../../http/route.ts';

/** Every catalog font file by its `FaceRef.file` path (`{pkg}/{variant}/{file}`); nothing outside this list is ever read. */
const FILES = new Set(
  [...CERTIFICATE_FONTS, ...FALLBACK_FONTS].flatMap((entry) => Object.values(entry.files).map((path) => `${entry.pkg}/${path}`)),
);

/** The built-in certificate fonts for the builder, which lays text out with the very same files. */
export function fontFileRoutes(app: FastifyInstance): void {
  route(app, calls.getFontFile, async (request, reply) => {
    const { pkg, variant, file: name } = request.params;
    const file = `${pkg}/${variant}/${name}`;
    if (!FILES.has(file)) throw notFound('Font not found.');
    const bytes = await readFile(faceFilePath({ id: file, family: '', file }));
    return reply
      .type(file.endsWith('.otf') ? 'font/otf' : 'font/ttf')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('access-control-allow-origin', '*')
      .send(bytes);
  });
}
