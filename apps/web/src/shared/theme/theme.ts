import { createTheme, type MantineColorsTuple } from '@mantine/core';

/**
 * Laurel's visual identity: a deep laurel green for action and brand, a gilt accent used sparingly
 * (the seal, highlights), warm neutral surfaces, Inter for the interface and Fraunces for display
 * headings, a nod to the certificates the product makes.
 */
const laurel: MantineColorsTuple = [
  '#ecf6f1',
  '#d6ebe1',
  '#a9d5c0',
  '#79bf9d',
  '#52ab7f',
  '#3a9a6c',
  '#2b8a5e',
  '#1f7550',
  '#175f41',
  '#0e4530',
];

const gilt: MantineColorsTuple = [
  '#fbf6e9',
  '#f5ebcc',
  '#ecd89a',
  '#e2c465',
  '#d9b33b',
  '#d3a822',
  '#b98f14',
  '#97740f',
  '#76590a',
  '#574105',
];

/**
 * Neutrals with a hint of green so greys sit quietly beside the brand colour. Shades 5 and up carry
 * text (WCAG 1.4.3, 4.5:1): shade 5 on white, the canvas and shades 0-1; shade 6 on shade 2 as well.
 */
const stone: MantineColorsTuple = [
  '#f7f8f6',
  '#eef0ed',
  '#e1e5e0',
  '#cdd3cc',
  '#a9b1a8',
  '#636d64',
  '#566058',
  '#4a534b',
  '#2f3630',
  '#1a201b',
];

/**
 * Mantine's red with shades 7 to 9 darkened: the filled shade (7, the primary shade) and its hover (8)
 * carry white text at 4.5:1 or more (WCAG 1.4.3), and shade 8 is also the light variant's text, readable
 * on its tint (shade 1) and on the hover tint (shade 2). Mantine's own shade 7 reaches 3.8:1.
 */
export const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#ff8787',
  '#ff6b6b',
  '#fa5252',
  '#c92a2a',
  '#b02525',
  '#8f1d1d',
];

const displayFont = "'Fraunces Variable', 'Iowan Old Style', Georgia, serif";
const uiFont = "'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

export const theme = createTheme({
  primaryColor: 'laurel',
  primaryShade: { light: 7, dark: 5 },
  colors: { laurel, gilt, stone, red },
  black: '#17201a',
  fontFamily: uiFont,
  fontFamilyMonospace: "ui-monospace, 'SF Mono', Menlo, Consolas, monospace",
  headings: {
    fontFamily: uiFont,
    fontWeight: '650',
    sizes: {
      h1: { fontSize: '1.875rem', lineHeight: '1.2' },
      h2: { fontSize: '1.5rem', lineHeight: '1.25' },
      h3: { fontSize: '1.2rem', lineHeight: '1.3' },
      h4: { fontSize: '1.05rem', lineHeight: '1.35' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '9px', lg: '14px', xl: '20px' },
  shadows: {
    xs: '0 1px 2px rgba(23, 32, 26, 0.06)',
    sm: '0 1px 2px rgba(23, 32, 26, 0.06), 0 1px 3px rgba(23, 32, 26, 0.08)',
    md: '0 2px 4px rgba(23, 32, 26, 0.04), 0 6px 16px rgba(23, 32, 26, 0.08)',
    lg: '0 4px 8px rgba(23, 32, 26, 0.04), 0 16px 40px rgba(23, 32, 26, 0.12)',
    xl: '0 8px 16px rgba(23, 32, 26, 0.06), 0 28px 64px rgba(23, 32, 26, 0.16)',
  },
  cursorType: 'pointer',
  focusRing: 'auto',
  defaultGradient: { from: 'laurel.6', to: 'laurel.9', deg: 135 },
  other: { displayFont },
  components: {
    Button: { defaultProps: { fw: 600 } },
    TextInput: { defaultProps: { size: 'md' } },
    // The toggle's default name contains "password", which would make a label lookup ambiguous.
    PasswordInput: { defaultProps: { size: 'md', visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } } },
    Paper: { defaultProps: { radius: 'lg' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    // Dialogs and drawers name their close button once here (WCAG 4.1.2); a screen may still pass its own.
    Modal: {
      defaultProps: {
        radius: 'lg',
        centered: true,
        overlayProps: { backgroundOpacity: 0.45, blur: 3 },
        closeButtonProps: { 'aria-label': 'Close' },
      },
      styles: { title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } },
    Notification: { defaultProps: { radius: 'md', closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    Tooltip: { defaultProps: { withArrow: true } },
    // A link among words is told apart by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Icon-only controls get names a screen reader can say (WCAG 4.1.2); page numbers name themselves.
    Pagination: { defaultProps: { getControlProps: (control: string) => ({ 'aria-label': `${control} page` }) } },
    ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': 'Pick a colour from the screen' } } },
  },
});
