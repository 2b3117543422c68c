import { type CommandProps, getMarkAttributes, Mark, mergeAttributes } from '@tiptap/core';

/**
 * Inline text styling for the email body: colour, font family and font size on one span, the way
 * mail clients read it. The published TipTap text-style packages do not match the editor's core
 * version here, so this mark provides the same commands (setColor, setFontFamily ...) itself.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    emailTextStyle: {
      setColor: (color: string) => ReturnType;
      unsetColor: () => ReturnType;
      setFontFamily: (family: string) => ReturnType;
      unsetFontFamily: () => ReturnType;
      setFontSize: (size: string) => ReturnType;
      unsetFontSize: () => ReturnType;
      removeEmptyTextStyle: () => ReturnType;
    };
  }
}

type StyleKey = 'color' | 'fontFamily' | 'fontSize';

const CSS_NAMES: Record<StyleKey, string> = { color: 'color', fontFamily: 'font-family', fontSize: 'font-size' };

function styleAttribute(key: StyleKey) {
  return {
    default: null,
    parseHTML: (element: HTMLElement) => element.style.getPropertyValue(CSS_NAMES[key]) || null,
    renderHTML: (attributes: Record<string, unknown>) => {
      const value = attributes[key];
      return typeof value === 'string' && value ? { style: `${CSS_NAMES[key]}: ${value}` } : {};
    },
  };
}

export const TextStyle = Mark.create({
  name: 'textStyle',
  priority: 101,

  addAttributes() {
    return { color: styleAttribute('color'), fontFamily: styleAttribute('fontFamily'), fontSize: styleAttribute('fontSize') };
  },

  parseHTML() {
    return [
      {
        tag: 'span',
        // Only spans that carry a style this mark understands; any other span is plain text.
        getAttrs: (element) => (element.style.color || element.style.fontFamily || element.style.fontSize ? {} : false),
      },
      { tag: 'font', getAttrs: (element) => ({ color: element.getAttribute('color'), fontFamily: element.getAttribute('face') }) },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes(HTMLAttributes), 0];
  },

  addCommands() {
    const apply =
      (key: StyleKey, value: string | null) =>
      ({ chain }: CommandProps) =>
        chain()
          .setMark(this.name, { [key]: value })
          .removeEmptyTextStyle()
          .run();
    return {
      setColor: (color) => apply('color', color),
      unsetColor: () => apply('color', null),
      setFontFamily: (family) => apply('fontFamily', family),
      unsetFontFamily: () => apply('fontFamily', null),
      setFontSize: (size) => apply('fontSize', size),
      unsetFontSize: () => apply('fontSize', null),
      // A span left without any style is dropped rather than kept as an empty wrapper.
      removeEmptyTextStyle:
        () =>
        ({ state, commands }) => {
          const attributes = getMarkAttributes(state, this.name);
          return Object.values(attributes).some((v) => v !== null) ? true : commands.unsetMark(this.name);
        },
    };
  },
});
