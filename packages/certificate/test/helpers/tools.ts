import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCanvas, loadImage } from '@napi-rs/canvas';

export const workDir = mkdtempSync(join(tmpdir(), 'laurel-certificate-'));
let counter = 0;

export function writeTemp(name: string, data: Uint8Array): string {
  const path = join(workDir, `${counter++}-${name}`);
  writeFileSync(path, data);
  return path;
}

/** Runs a poppler or qpdf tool and returns its standard output. */
export function run(tool: string, args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8' });
}

/**
 * Rasterises page 1 of a PDF to `width` x `height` px. Poppler renders at four times the size and the
 * result is shrunk with high-quality filtering: at the target size its image scaler rounds the drawn
 * background out to whole device pixels (up to a pixel wider and taller), which then shows as a shifted
 * frame rather than a rendering difference. The crop keeps the canvas height (the page height rounded down).
 */
export async function rasterisePdf(pdfPath: string, pageWidthPt: number, width: number, height: number): Promise<Buffer> {
  const prefix = join(workDir, `raster-${counter++}`);
  const factor = 4;
  const dpi = (72 * width * factor) / pageWidthPt;
  execFileSync('pdftoppm', [
    '-png',
    '-singlefile',
    '-f',
    '1',
    '-l',
    '1',
    '-r',
    String(dpi),
    '-x',
    '0',
    '-y',
    '0',
    '-W',
    String(width * factor),
    '-H',
    String(height * factor),
    pdfPath,
    prefix,
  ]);
  const large = await loadImage(readFileSync(`${prefix}.png`));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(large, 0, 0, width, height);
  return canvas.encodeSync('png');
}
