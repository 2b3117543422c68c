import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const INK = '#1d4a46';
const GOLD = '#a8842f';
const BODY = '#3d3d3a';

/** Engraved banknote elegance: Cinzel capitals, a Great Vibes name, EB Garamond for the prose. */
export const classicAchievement: TemplateSeed = {
  name: 'Classic Achievement',
  kind: 'classic',
  subject: 'Your Certificate of Achievement from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'classic-guilloche',
    elements: [
      text('Certificate of Achievement', { top: 78, size: 30, family: 'Cinzel', weight: 600, color: INK, width: 500 }),
      text('This certificate is proudly presented to', {
        top: 132,
        size: 15,
        family: 'EB Garamond',
        italic: true,
        color: BODY,
        width: 400,
      }),
      recipientName({ top: 164, size: 41, family: 'Great Vibes', color: INK, width: 510 }),
      rule({ top: 232, width: 320, color: GOLD }),
      mergeText('for outstanding accomplishment in [COURSE NAME]', { top: 248, size: 16, family: 'EB Garamond', color: BODY, width: 440 }),
      ...signatureBlock({
        centre: 200,
        top: 356,
        width: 170,
        ruleColor: INK,
        caption: 'Date',
        captionStyle: { size: 11, family: 'Cinzel', color: INK },
        above: { content: '[DATE]', merge: true, gap: 24, style: { size: 15, family: 'EB Garamond', color: BODY } },
      }),
      ...signatureBlock({
        centre: 440,
        top: 356,
        width: 170,
        ruleColor: INK,
        caption: 'Director',
        captionStyle: { size: 11, family: 'Cinzel', color: INK },
      }),
      certificateNumber('Certificate No. [CERTIFICATE NUMBER]', { top: 404, size: 9, family: 'EB Garamond', color: '#6b6b64', width: 240 }),
    ],
  }),
};
