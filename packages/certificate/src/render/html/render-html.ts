import type { FaceRef } from '../../fonts/registry.ts';
import type { ImageItem, Layout, LineItem, QrItem, TextItem, TextLine, TextRun } from '../../layout/types.ts';

export interface HtmlRenderOptions {
  /** URL of a face's file; by default the server's fonts route, "/fonts/{package}/{variant}/{file}.ttf". */
  fontUrl?: (face: FaceRef) => string;
  /** URL of an image source (uploads are stored as paths); by default the source itself. */
  imageUrl?: (src: string) => string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const px = (v: number) => `${Math.round(v * 1000) / 1000}px`;

/**
 * CSS for one text run as an absolutely positioned span (with `white-space: pre`, `unicode-bidi:
 * bidi-override`, no font synthesis): each run is unbreakable and in its own face, and bidi-override keeps
 * the browser from reordering what the layout ordered (right-to-left runs are reversed whole, as the shaper
 * does). With line-height equal to ascent plus descent the baseline lands exactly at `line.baseline`.
 */
export function textRunStyle(run: TextRun, line: TextLine) {
  return {
    left: px(run.x),
    top: px(line.baseline - run.ascent),
    lineHeight: px(run.ascent + run.descent),
    fontFamily: `'${run.faceId}'`,
    fontSize: px(run.fontSize),
    direction: run.rtl ? ('rtl' as const) : ('ltr' as const),
  };
}

/** @font-face rules registering each face of a layout under its id, as `textRunStyle` refers to it. */
export function fontFaceCss(faces: Layout['faces'], fontUrl: (face: FaceRef) => string = (face) => `/fonts/${face.file}`): string {
  return Object.values(faces)
    .map((f) => `@font-face{font-family:"${f.id}";src:url("${esc(fontUrl(f))}") format("truetype");font-weight:normal;font-style:normal}`)
    .join('\n');
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function text(item: TextItem): string {
  const parts: string[] = [];
  for (const line of item.lines) {
    for (const run of line.runs) {
      const style = Object.entries(textRunStyle(run, line))
        .map(([key, value]) => `${kebab(key)}:${value}`)
        .join(';');
      parts.push(`<span class="run" style="${style}">${esc(run.text)}</span>`);
    }
    if (item.decoration !== 'none' && line.width > 0) {
      const top = line.baseline + item.decorationOffset - item.decorationThickness / 2;
      parts.push(
        `<div class="fill" style="left:${px(line.x)};top:${px(top)};width:${px(line.width)};height:${px(item.decorationThickness)}"></div>`,
      );
    }
  }
  return `<div class="text" style="color:${item.color}">${parts.join('')}</div>`;
}

function qr(item: QrItem): string {
  const d: string[] = [];
  for (let row = 0; row < item.size; row++) {
    for (let col = 0; col < item.size; col++)
      if (item.modules[row * item.size + col]) d.push(`M${col + item.margin} ${row + item.margin}h1v1h-1z`);
  }
  const { x, y, width, height } = item.box;
  const side = item.size + 2 * item.margin;
  return `<svg class="abs" style="left:${px(x)};top:${px(y)}" width="${width}" height="${height}" viewBox="0 0 ${side} ${side}"><rect width="${side}" height="${side}" fill="#fff"/><path fill="${item.color}" d="${d.join('')}"/></svg>`;
}

function line(item: LineItem): string {
  const { x, y, width } = item.box;
  return `<div class="abs" style="left:${px(x)};top:${px(y)};width:${px(width)};border-top:${px(item.thickness)} ${item.style} ${item.color}"></div>`;
}

function image(item: ImageItem, url: (src: string) => string): string {
  const { x, y, width, height } = item.box;
  if (!item.rotate)
    return `<img class="abs" src="${esc(url(item.src))}" style="left:${px(x)};top:${px(y)};width:${px(width)};height:${px(height)}">`;
  // Turned a quarter clockwise about the box's top-right corner, matching the PDF and PNG renderers.
  return `<img class="abs" src="${esc(url(item.src))}" style="left:${px(x + width)};top:${px(y)};width:${px(height)};height:${px(width)};transform-origin:0 0;transform:rotate(90deg)">`;
}

/**
 * A layout as an HTML document of absolutely positioned elements. This is how the builder displays a
 * design (every line break and position comes from the layout, none from the browser), and the reference
 * the tests screenshot in Chromium.
 */
export function renderHtml(layout: Layout, options: HtmlRenderOptions = {}): string {
  const imageUrl = options.imageUrl ?? ((src: string) => src);
  const faces = fontFaceCss(layout.faces, options.fontUrl);
  const body = layout.items
    .map((item) =>
      item.kind === 'text' ? text(item) : item.kind === 'qr' ? qr(item) : item.kind === 'line' ? line(item) : image(item, imageUrl),
    )
    .join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><style>
${faces}
html,body{margin:0;padding:0;background:#fff}
.page{position:relative;overflow:hidden;width:${layout.width}px;height:${layout.height}px;background:#fff}
.abs,.run,.fill{position:absolute;margin:0;padding:0}
.run{white-space:pre;unicode-bidi:bidi-override;font-weight:normal;font-style:normal;font-synthesis:none}
.fill{background:currentColor}
</style></head><body><div class="page">
${body}
</div></body></html>`;
}
