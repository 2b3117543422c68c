/**
 * The choices of the email editor's font and size selects (docs/product/email-editor.md#rules-and-limits): fonts that every mail client
 * has or substitutes well, each with web-safe fallbacks, and the rich-text sizes x-small to xxx-large.
 */

export const EMAIL_FONTS: readonly { label: string; value: string }[] = [
  { label: 'Arial', value: 'Arial, Helvetica, sans-serif' },
  { label: 'Arial Black', value: "'Arial Black', Gadget, sans-serif" },
  { label: 'Comic Sans MS', value: "'Comic Sans MS', cursive, sans-serif" },
  { label: 'Courier New', value: "'Courier New', Courier, monospace" },
  { label: 'Georgia', value: 'Georgia, serif' },
  { label: 'Helvetica', value: 'Helvetica, Arial, sans-serif' },
  { label: 'Impact', value: 'Impact, Charcoal, sans-serif' },
  { label: 'Lucida Console', value: "'Lucida Console', Monaco, monospace" },
  { label: 'Lucida Sans Unicode', value: "'Lucida Sans Unicode', 'Lucida Grande', sans-serif" },
  { label: 'Palatino Linotype', value: "'Palatino Linotype', 'Book Antiqua', Palatino, serif" },
  { label: 'Tahoma', value: 'Tahoma, Geneva, sans-serif' },
  { label: 'Times New Roman', value: "'Times New Roman', Times, serif" },
  { label: 'Trebuchet MS', value: "'Trebuchet MS', Helvetica, sans-serif" },
  { label: 'Verdana', value: 'Verdana, Geneva, sans-serif' },
];

/** The first family of a font-family list, unquoted: how a font is named in the selects. */
export function fontLabel(value: string | null | undefined): string | null {
  const first = value
    ?.split(',')[0]
    ?.trim()
    .replace(/^['"]|['"]$/g, '');
  return first || null;
}

export const TEXT_SIZES: readonly { label: string; value: string }[] = [
  { label: 'Extra small', value: 'x-small' },
  { label: 'Small', value: 'small' },
  { label: 'Medium', value: 'medium' },
  { label: 'Large', value: 'large' },
  { label: 'Extra large', value: 'x-large' },
  { label: 'Huge', value: 'xx-large' },
  { label: 'Largest', value: 'xxx-large' },
];

export const PARAGRAPH_STYLES: readonly { label: string; value: string }[] = [
  { label: 'Paragraph', value: 'p' },
  ...[1, 2, 3, 4, 5, 6].map((level) => ({ label: `Header ${level}`, value: `h${level}` })),
];
