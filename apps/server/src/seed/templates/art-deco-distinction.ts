import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const GOLD = '#d9b55a';
const IVORY = '#f4ead2';
const MUTED = '#aeb8c8';

/** Gala night: gold Italiana and Tenor Sans capitals on midnight navy, a Playfair Display italic name. */
export const artDecoDistinction: TemplateSeed = {
  name: 'Art Deco Award of Distinction',
  kind: 'award',
  subject: '[FIRST NAME], your Award of Distinction from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'art-deco-gold',
    elements: [
      text('AWARD OF DISTINCTION', { top: 92, size: 32, family: 'Italiana', color: GOLD, width: 520 }),
      rule({ top: 140, width: 120, color: GOLD }),
      text('PRESENTED TO', { top: 156, size: 11, family: 'Tenor Sans', color: MUTED, width: 200 }),
      recipientName({ top: 176, size: 46, family: 'Playfair Display', italic: true, color: IVORY, width: 480 }),
      mergeText('for distinguished service and excellence in [ACHIEVEMENT]', {
        top: 252,
        size: 14,
        family: 'Josefin Sans',
        weight: 300,
        color: MUTED,
        width: 420,
        lineHeight: 1.5,
      }),
      ...signatureBlock({
        centre: 196,
        top: 362,
        width: 170,
        ruleColor: GOLD,
        caption: 'DATE',
        captionStyle: { size: 10, family: 'Tenor Sans', color: GOLD },
        above: { content: '[DATE]', merge: true, gap: 24, style: { size: 14, family: 'Josefin Sans', weight: 300, color: IVORY } },
      }),
      ...signatureBlock({
        centre: 444,
        top: 362,
        width: 170,
        ruleColor: GOLD,
        caption: 'PRESIDENT',
        captionStyle: { size: 10, family: 'Tenor Sans', color: GOLD },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 412, size: 9, family: 'Tenor Sans', color: '#8792a6', width: 200 }),
    ],
  }),
};
