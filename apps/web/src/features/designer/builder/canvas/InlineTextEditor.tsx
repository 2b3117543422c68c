import { type Element, elementText, type LayoutItem } from '@laurel/certificate';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import type { Rect } from './element-box.ts';

/** Only free text spans several lines; merge fields, names, numbers and dates are one line (docs/product/builder.md#rules-and-limits). */
const isMultiLine = (e: Element) => e.type === 'text' || e.type === 'dynamicText';

interface InlineTextEditorProps {
  element: Element;
  items: LayoutItem[];
  rect: Rect;
  onCommit: (text: string) => void;
  onCancel: () => void;
}

/**
 * Editing text in place: a plain-text area in the element's own face and size over its box. A textarea
 * only ever holds plain text, so pasting never brings formatting in.
 */
export function InlineTextEditor({ element, items, rect, onCommit, onCancel }: InlineTextEditorProps) {
  const [text, setText] = useState(() => elementText(element));
  const ref = useRef<HTMLTextAreaElement>(null);
  // Finishing unmounts the area, which can blur it: only the first way out counts (Escape must not save).
  const finished = useRef(false);
  const finish = (commit: boolean) => {
    if (finished.current) return;
    finished.current = true;
    if (commit) onCommit(text);
    else onCancel();
  };
  const textItem = items.find((i) => i.kind === 'text');
  const firstRun = textItem?.kind === 'text' ? textItem.lines[0]?.runs[0] : undefined;
  const lineHeight = textItem?.kind === 'text' ? textItem.lines[0]?.height : undefined;

  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    event.stopPropagation();
    if (event.key === 'Escape') finish(false);
    if (event.key === 'Enter' && (!isMultiLine(element) || event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      finish(true);
    }
  };

  return (
    <textarea
      ref={ref}
      aria-label="Element text"
      value={text}
      onChange={(e) => setText(isMultiLine(element) ? e.target.value : e.target.value.replace(/\n/g, ' '))}
      onBlur={() => finish(true)}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => e.stopPropagation()}
      spellCheck={false}
      style={{
        position: 'absolute',
        left: rect.left,
        top: rect.top,
        width: rect.width,
        height: Math.max(rect.height, lineHeight ?? 0) + 4,
        margin: 0,
        padding: 0,
        border: 'none',
        outline: '2px solid var(--mantine-color-blue-6)',
        outlineOffset: 2,
        resize: 'none',
        overflow: 'hidden',
        background: 'rgba(255,255,255,0.92)',
        color: element.styles.color ?? '#000',
        fontFamily: firstRun ? `'${firstRun.faceId}'` : undefined,
        fontSize: firstRun?.fontSize ?? element.styles['font-size'],
        lineHeight: lineHeight ? `${lineHeight}px` : 1.4,
        textAlign: (element.styles['text-align'] as 'left' | 'center' | 'right' | undefined) ?? 'left',
        zIndex: 10,
      }}
    />
  );
}
