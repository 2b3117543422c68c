import type { EmailDesign } from '@laurel/domain';

export interface Typography {
  /** A CSS font-family list safe inside a double-quoted style attribute. */
  family: string;
  /** CSS font size of the body text. */
  size: string;
}

export const TEXT_COLOR = '#2b2f33';
/** Footer and hint text: 5.2:1 on the page colour and 5.4:1 on the panel, above WCAG AA's 4.5:1 for small text. */
export const MUTED_COLOR = '#5f6672';
export const PAGE_COLOR = '#f2f3ee';
export const PANEL_COLOR = '#f6f7f2';
export const BORDER_COLOR = '#e3e6dc';

/**
 * The design's font with web-safe fallbacks. 'inherit' would leave the size to each mail client, which
 * differ; 16 px is what they mostly pick and reads well on phones.
 */
export function typographyOf(design: EmailDesign): Typography {
  const family = design.email_font_family.replace(/"/g, "'");
  const fallbacks = ['Helvetica', 'Arial', 'sans-serif'].filter(
    (f) =>
      !family
        .toLowerCase()
        .split(/\s*,\s*/)
        .includes(f.toLowerCase()),
  );
  const size = design.email_font_size === 'inherit' ? '16px' : `${design.email_font_size.replace(/px$/, '')}px`;
  return { family: [family, ...fallbacks].join(', '), size };
}
