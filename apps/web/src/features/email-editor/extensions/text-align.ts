import { Extension } from '@tiptap/core';

/** Paragraph and heading alignment as an inline style, which every mail client honours. */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    emailTextAlign: {
      setTextAlign: (alignment: string) => ReturnType;
      unsetTextAlign: () => ReturnType;
    };
  }
}

const ALIGNMENTS = ['left', 'center', 'right', 'justify'];
const TYPES = ['paragraph', 'heading'];

export const TextAlign = Extension.create({
  name: 'textAlign',

  addGlobalAttributes() {
    return [
      {
        types: TYPES,
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => (ALIGNMENTS.includes(element.style.textAlign) ? element.style.textAlign : null),
            renderHTML: (attributes) => (attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {}),
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setTextAlign:
        (alignment) =>
        ({ commands }) =>
          ALIGNMENTS.includes(alignment) && TYPES.map((type) => commands.updateAttributes(type, { textAlign: alignment })).some(Boolean),
      unsetTextAlign:
        () =>
        ({ commands }) =>
          TYPES.map((type) => commands.resetAttributes(type, 'textAlign')).some(Boolean),
    };
  },
});
