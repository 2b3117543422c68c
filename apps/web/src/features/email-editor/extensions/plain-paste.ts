import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/**
 * Pasting brings text only (docs/product/email-editor.md#rules-and-limits): formatting copied from web pages and word processors carries
 * styles and markup that mail clients render unpredictably. Line breaks become paragraphs.
 */
export const PlainPaste = Extension.create({
  name: 'plainPaste',
  addProseMirrorPlugins() {
    const editor = this.editor;
    return [
      new Plugin({
        key: new PluginKey('plainPaste'),
        props: {
          handlePaste: (_view, event) => {
            const text = event.clipboardData?.getData('text/plain');
            if (text === undefined) return false;
            const paragraphs = text.replace(/\r\n?/g, '\n').split(/\n/);
            if (paragraphs.length === 1) return editor.commands.insertContent({ type: 'text', text: paragraphs[0] ?? '' }) || true;
            const content = paragraphs.map((line) =>
              line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' },
            );
            editor.commands.insertContent(content);
            return true;
          },
        },
      }),
    ];
  },
});
