import Image from '@tiptap/extension-image';

/** How an image sits in the message: its own size ('auto') or the full width of the text column. */
export type ImageFit = 'auto' | 'full';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    emailImage: {
      setImageFit: (fit: ImageFit) => ReturnType;
    };
  }
}

/**
 * Images of the email body. The width is kept as an inline style because mail clients ignore
 * stylesheets; the server adds max-width so no image is wider than the message.
 */
export const EmailImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      fit: {
        default: 'auto',
        parseHTML: (element) => (element.style.width === '100%' ? 'full' : 'auto'),
        renderHTML: (attributes) => (attributes.fit === 'full' ? { style: 'width: 100%' } : {}),
      },
    };
  },

  addCommands() {
    return {
      ...this.parent?.(),
      setImageFit:
        (fit) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, { fit, width: null, height: null }),
    };
  },
}).configure({ inline: false, allowBase64: false });
