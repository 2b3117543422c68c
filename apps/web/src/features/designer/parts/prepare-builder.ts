import type { CertificateDesign } from '@laurel/certificate';

/**
 * Once a starting point is chosen, the builder is what comes next: its code and the fonts of the design
 * it will open download while the user names the set, so the canvas is drawn soon after it opens. Both
 * are only a head start; the builder loads whatever is missing itself.
 */
export function prepareBuilder(design: CertificateDesign): void {
  import('../EditorPage.tsx').catch(() => undefined);
  import('../builder/fonts/prefetch-fonts.ts').then(({ prefetchDesignFonts }) => prefetchDesignFonts(design)).catch(() => undefined);
}
