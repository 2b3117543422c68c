import { type ImageItem, type LayoutItem, type QrItem, type TextItem, textRunStyle } from '@laurel/certificate';
import type { CSSProperties } from 'react';

/** Drawn exactly as `renderHtml` draws a layout: the reference the server's PNG and PDF are compared with. */
const abs: CSSProperties = { position: 'absolute', margin: 0, padding: 0 };
const run: CSSProperties = {
  ...abs,
  whiteSpace: 'pre',
  unicodeBidi: 'bidi-override',
  fontWeight: 'normal',
  fontStyle: 'normal',
  fontSynthesis: 'none',
};
const r = (v: number) => Math.round(v * 1000) / 1000;

function TextView({ item }: { item: TextItem }) {
  return (
    <div style={{ color: item.color }}>
      {item.lines.map((line, li) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines and runs come from the layout engine in reading order; their position is their identity
        <div key={li}>
          {line.runs.map((textRun, ri) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines and runs come from the layout engine in reading order; their position is their identity
            <span key={ri} style={{ ...run, ...textRunStyle(textRun, line) }}>
              {textRun.text}
            </span>
          ))}
          {item.decoration !== 'none' && line.width > 0 && (
            <div
              style={{
                ...abs,
                background: 'currentColor',
                left: r(line.x),
                top: r(line.baseline + item.decorationOffset - item.decorationThickness / 2),
                width: r(line.width),
                height: r(item.decorationThickness),
              }}
            />
          )}
        </div>
      ))}
    </div>
  );
}

function QrView({ item }: { item: QrItem }) {
  const d: string[] = [];
  for (let row = 0; row < item.size; row++) {
    for (let col = 0; col < item.size; col++)
      if (item.modules[row * item.size + col]) d.push(`M${col + item.margin} ${row + item.margin}h1v1h-1z`);
  }
  const side = item.size + 2 * item.margin;
  return (
    <svg
      style={{ ...abs, left: r(item.box.x), top: r(item.box.y) }}
      width={item.box.width}
      height={item.box.height}
      viewBox={`0 0 ${side} ${side}`}
      aria-hidden
    >
      <rect width={side} height={side} fill="#fff" />
      <path fill={item.color} d={d.join('')} />
    </svg>
  );
}

function ImageView({ item }: { item: ImageItem }) {
  const { x, y, width, height } = item.box;
  // Rotated backgrounds turn a quarter clockwise about the box's top-right corner, as the PDF and PNG do.
  const style: CSSProperties = item.rotate
    ? { ...abs, left: r(x + width), top: r(y), width: r(height), height: r(width), transformOrigin: '0 0', transform: 'rotate(90deg)' }
    : { ...abs, left: r(x), top: r(y), width: r(width), height: r(height) };
  return <img src={item.src} alt="" draggable={false} style={style} />;
}

export function LayoutItemView({ item }: { item: LayoutItem }) {
  switch (item.kind) {
    case 'text':
      return <TextView item={item} />;
    case 'qr':
      return <QrView item={item} />;
    case 'line':
      return (
        <div
          style={{
            ...abs,
            left: r(item.box.x),
            top: r(item.box.y),
            width: r(item.box.width),
            borderTop: `${r(item.thickness)}px ${item.style} ${item.color}`,
          }}
        />
      );
    case 'image':
      return <ImageView item={item} />;
  }
}
