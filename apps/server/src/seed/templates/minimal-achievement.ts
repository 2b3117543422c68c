import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const INK = '#222222';
const GREY = '#5c5c5c';
const GOLD = '#b0924a';

/** Quiet luxury: Cormorant Garamond throughout, capitals for the title and italics for the name, Montserrat details. */
export const minimalAchievement: TemplateSeed = {
  name: 'Minimal Achievement',
  kind: 'modern',
  subject: 'Your Certificate of Achievement from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'minimal-elegance',
    elements: [
      text('CERTIFICATE OF ACHIEVEMENT', { top: 92, size: 24, family: 'Cormorant Garamond', weight: 600, color: INK, width: 520 }),
      rule({ top: 130, width: 70, color: GOLD }),
      text('AWARDED TO', { top: 150, size: 9, family: 'Montserrat', weight: 500, color: GREY, width: 200 }),
      recipientName({ top: 166, size: 56, family: 'Cormorant Garamond', weight: 500, italic: true, color: INK, width: 500 }),
      mergeText('for exemplary achievement in [COURSE NAME]', {
        top: 248,
        size: 15,
        family: 'Cormorant Garamond',
        weight: 500,
        color: GREY,
        width: 420,
        lineHeight: 1.4,
      }),
      ...signatureBlock({
        centre: 210,
        top: 370,
        width: 150,
        ruleColor: INK,
        caption: 'DATE',
        captionStyle: { size: 8, family: 'Montserrat', weight: 500, color: GREY },
        above: { content: '[DATE]', merge: true, gap: 22, style: { size: 14, family: 'Cormorant Garamond', weight: 500, color: INK } },
      }),
      ...signatureBlock({
        centre: 430,
        top: 370,
        width: 150,
        ruleColor: INK,
        caption: 'DIRECTOR',
        captionStyle: { size: 8, family: 'Montserrat', weight: 500, color: GREY },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 420, size: 8, family: 'Montserrat', color: '#9a9a9a', width: 200 }),
    ],
  }),
};
