import { type Canvas, createCanvas, GlobalFonts, type Image, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { nodeFontProvider } from '../../fonts/node-fonts.ts';
import type { FontProvider } from '../../layout/fonts.ts';
import { layoutSide } from '../../layout/layout.ts';
import type { Recipient } from '../../layout/recipient.ts';
import type { ImageItem, Layout, LineItem, QrItem, TextItem } from '../../layout/types.ts';
import type { CertificateDesign, DesignSide } from '../../model/design.ts';
import { artToneReader } from '../art-tone.ts';
import { guardImages, IMAGE_MESSAGES } from '../image-guard.ts';
import { fileImageLoader } from '../image-source.ts';
import type { RenderOptions } from '../pdf/render-pdf.ts';
import { RenderError } from '../render-error.ts';
import { encodePng } from './png-encode.ts';

/**
 * PNG is lossless and can carry a baked credential (the download, the issuer's copy, documented routes). JPEG is
 * encoded by the canvas from its own pixels, about twice as fast as our PNG at 640 px and three times at 1072, and
 * a fifth of the bytes on a textured background: for pictures that are only looked at (the email's image, link previews).
 */
export type RasterFormat = 'png' | 'jpeg';

/**
 * A certificate is text on a background. Looked at zoomed in, 80 and 85 leave ringing around 12 px print at 640 px;
 * at 90 the letters' edges match the PNG's at 640 and 1072 px (test/jpeg.test.ts holds it to that), and the file is
 * still a fifth of the PNG's on a textured background.
 */
export const JPEG_QUALITY = 90;

export interface RasterOptions {
  /** Output width in px; the height follows the page's aspect ratio. Defaults to the 640 px canvas. */
  width?: number;
  side?: DesignSide;
  /** Defaults to PNG. */
  format?: RasterFormat;
}

export interface PngRenderOptions extends RenderOptions, RasterOptions {}

const registered = new Set<string>();

/** Canvas registers each face file under its face id, so a run names exactly the file the layout measured. */
function registerFaces(layout: Layout, fonts: FontProvider): void {
  for (const ref of Object.values(layout.faces)) {
    if (registered.has(ref.id)) continue;
    const face = fonts.load(ref);
    if (face.path) GlobalFonts.registerFromPath(face.path, ref.id);
    else if (face.bytes) GlobalFonts.register(Buffer.from(face.bytes), ref.id);
    registered.add(ref.id);
  }
}

function drawText(ctx: SKRSContext2D, item: TextItem): void {
  ctx.fillStyle = item.color;
  for (const line of item.lines) {
    for (const run of line.runs) {
      if (run.text.trim() === '') continue;
      ctx.font = `${run.fontSize}px "${run.faceId}"`;
      // The run's own direction lets Skia shape and order it as the layout did; x is its left edge either way.
      ctx.direction = run.rtl ? 'rtl' : 'ltr';
      ctx.textAlign = 'left';
      ctx.fillText(run.text, run.x, line.baseline);
    }
    if (item.decoration !== 'none' && line.width > 0) {
      ctx.fillRect(line.x, line.baseline + item.decorationOffset - item.decorationThickness / 2, line.width, item.decorationThickness);
    }
  }
}

function drawQr(ctx: SKRSContext2D, item: QrItem): void {
  const { x, y, width } = item.box;
  const module = width / (item.size + 2 * item.margin);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, width, width);
  // One path for all modules: adjacent squares merge instead of leaving anti-aliased seams between them.
  ctx.fillStyle = item.color;
  ctx.beginPath();
  for (let row = 0; row < item.size; row++) {
    for (let col = 0; col < item.size; col++) {
      if (item.modules[row * item.size + col]) ctx.rect(x + (item.margin + col) * module, y + (item.margin + row) * module, module, module);
    }
  }
  ctx.fill();
}

function drawLine(ctx: SKRSContext2D, item: LineItem): void {
  ctx.fillStyle = item.color;
  if (item.style === 'solid') {
    ctx.fillRect(item.box.x, item.box.y, item.box.width, item.thickness);
    return;
  }
  ctx.strokeStyle = item.color;
  ctx.lineWidth = item.thickness;
  ctx.setLineDash(item.style === 'dashed' ? [item.thickness * 3] : [item.thickness]);
  ctx.beginPath();
  ctx.moveTo(item.box.x, item.box.y + item.thickness / 2);
  ctx.lineTo(item.box.x + item.box.width, item.box.y + item.thickness / 2);
  ctx.stroke();
  ctx.setLineDash([]);
}

/** Draws an image into a box, turned a quarter clockwise (its top edge down the box's right side) if asked. */
function drawInto(
  ctx: SKRSContext2D,
  image: Image | Canvas,
  box: { x: number; y: number; width: number; height: number },
  rotate: boolean,
): void {
  const { x, y, width, height } = box;
  if (!rotate) {
    ctx.drawImage(image, x, y, width, height);
    return;
  }
  ctx.save();
  ctx.translate(x + width, y);
  ctx.rotate(Math.PI / 2);
  ctx.drawImage(image, 0, 0, height, width);
  ctx.restore();
}

export interface PngRenderer {
  render(recipient: Recipient | undefined, options?: RasterOptions): Promise<Buffer>;
}

/**
 * Prepares a design for many PNGs: each image is decoded once and, per output size, resampled once into a
 * pixel-aligned copy (shrinking a large background with high-quality filtering is the costliest draw).
 * The canvas is reused: its memory is native, and a new one per certificate outruns the garbage collector.
 */
export function createPngRenderer(design: CertificateDesign, options: RenderOptions = {}): PngRenderer {
  const fonts = options.fonts ?? nodeFontProvider;
  const loadBytes = guardImages(options.loadImage ?? fileImageLoader());
  const layoutOptions = { artTone: artToneReader(loadBytes), ...options.layout };
  const decoded = new Map<string, Promise<Image | undefined>>();
  const scaled = new Map<string, Canvas | undefined>();
  const canvases = new Map<string, Canvas>();

  const decode = (src: string) => {
    let pending = decoded.get(src);
    if (!pending) {
      const bytes = loadBytes(src);
      pending = bytes
        ? loadImage(Buffer.from(bytes)).catch(() => {
            throw new RenderError('image_unreadable', IMAGE_MESSAGES.unreadable);
          })
        : Promise.resolve(undefined);
      decoded.set(src, pending);
    }
    return pending;
  };

  async function scaledImage(item: ImageItem, scale: number): Promise<{ canvas: Canvas; x: number; y: number } | undefined> {
    const x = Math.round(item.box.x * scale);
    const y = Math.round(item.box.y * scale);
    const width = Math.round(item.box.width * scale);
    const height = Math.round(item.box.height * scale);
    const key = `${item.src}|${width}|${height}|${item.rotate}`;
    if (!scaled.has(key)) {
      const image = await decode(item.src);
      let copy: Canvas | undefined;
      if (image && width > 0 && height > 0) {
        copy = createCanvas(width, height);
        const ctx = copy.getContext('2d');
        ctx.imageSmoothingQuality = 'high';
        drawInto(ctx, image, { x: 0, y: 0, width, height }, item.rotate);
      }
      scaled.set(key, copy);
    }
    const canvas = scaled.get(key);
    return canvas ? { canvas, x, y } : undefined;
  }

  return {
    async render(recipient, renderOptions = {}) {
      const layout = layoutSide(design, renderOptions.side ?? 'front', recipient, fonts, layoutOptions);
      registerFaces(layout, fonts);
      const width = Math.round(renderOptions.width ?? layout.width);
      const scale = width / layout.width;
      const height = Math.round(layout.height * scale);
      let canvas = canvases.get(`${width}x${height}`);
      if (!canvas) {
        canvas = createCanvas(width, height);
        canvases.set(`${width}x${height}`, canvas);
      }
      const ctx = canvas.getContext('2d');
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, width, height);
      for (const item of layout.items) {
        ctx.setTransform(scale, 0, 0, scale, 0, 0);
        if (item.kind === 'text') drawText(ctx, item);
        else if (item.kind === 'qr') drawQr(ctx, item);
        else if (item.kind === 'line') drawLine(ctx, item);
        else {
          const image = await scaledImage(item, scale);
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          if (image) ctx.drawImage(image.canvas, image.x, image.y);
        }
      }
      // JPEG is encoded from the canvas's own pixels; PNG from a copy of them (see png-encode.ts).
      const image = renderOptions.format === 'jpeg' ? canvas.encodeSync('jpeg', JPEG_QUALITY) : encodePng(canvas.data(), width, height);
      // Pixel copies and encoded images are native memory released by a finalizer that runs on a later event-loop
      // turn; a caller awaiting renders back to back would otherwise never reach one and grow without bound.
      await new Promise((resolve) => setImmediate(resolve));
      return image;
    },
  };
}

const renderers = new WeakMap<CertificateDesign, PngRenderer>();

/**
 * One side of a certificate as PNG (preview and thumbnails), or as JPEG with `format`. With no fonts, image
 * loader or layout options the prepared renderer is kept per design object.
 */
export function renderPng(design: CertificateDesign, recipient: Recipient | undefined, options: PngRenderOptions = {}): Promise<Buffer> {
  const { width, side, format, ...prepare } = options;
  const renderOptions = { ...(width ? { width } : {}), ...(side ? { side } : {}), ...(format ? { format } : {}) };
  if (Object.keys(prepare).length > 0) return createPngRenderer(design, prepare).render(recipient, renderOptions);
  let renderer = renderers.get(design);
  if (!renderer) {
    renderer = createPngRenderer(design);
    renderers.set(design, renderer);
  }
  return renderer.render(recipient, renderOptions);
}
