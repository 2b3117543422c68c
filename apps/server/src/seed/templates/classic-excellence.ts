import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const INK = '#1d4a46';
const GOLD = '#a8842f';
const BODY = '#3d3d3a';

/** The guilloche classic, upright: Cinzel capitals stacked, a Great Vibes name, EB Garamond prose. */
export const classicExcellence: TemplateSeed = {
  name: 'Classic Excellence',
  kind: 'classic',
  subject: 'Your Certificate of Excellence from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: true,
    background: 'classic-guilloche-portrait',
    elements: [
      text('Certificate', { top: 128, size: 50, family: 'Cinzel', weight: 600, color: INK, width: 440 }),
      text('of Excellence', { top: 196, size: 24, family: 'Cinzel', weight: 500, color: GOLD, width: 360 }),
      text('This certificate is proudly presented to', {
        top: 276,
        size: 16,
        family: 'EB Garamond',
        italic: true,
        color: BODY,
        width: 400,
      }),
      recipientName({ top: 316, size: 41, family: 'Great Vibes', color: INK, width: 510 }),
      rule({ top: 386, width: 300, color: GOLD }),
      mergeText('in recognition of excellence and distinguished performance in [COURSE NAME]', {
        top: 404,
        size: 17,
        family: 'EB Garamond',
        color: BODY,
        width: 420,
        lineHeight: 1.45,
      }),
      ...signatureBlock({
        centre: 200,
        top: 640,
        width: 170,
        ruleColor: INK,
        caption: 'Date',
        captionStyle: { size: 11, family: 'Cinzel', color: INK },
        above: { content: '[DATE]', merge: true, gap: 25, style: { size: 16, family: 'EB Garamond', color: BODY } },
      }),
      ...signatureBlock({
        centre: 440,
        top: 640,
        width: 170,
        ruleColor: INK,
        caption: 'Director',
        captionStyle: { size: 11, family: 'Cinzel', color: INK },
      }),
      certificateNumber('Certificate No. [CERTIFICATE NUMBER]', { top: 720, size: 9, family: 'EB Garamond', color: '#6b6b64', width: 240 }),
    ],
  }),
};
