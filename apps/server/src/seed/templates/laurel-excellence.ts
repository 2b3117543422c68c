import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const GOLD = '#9a7424';
const INK = '#2d2a26';

/** Gold and cream under a laurel crown: Cinzel capitals, an Allura name, Lora prose. */
export const laurelExcellence: TemplateSeed = {
  name: 'Laurel Award of Excellence',
  kind: 'award',
  subject: 'Congratulations! Your Award of Excellence from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'laurel-award',
    elements: [
      text('Award of Excellence', { top: 106, size: 32, family: 'Cinzel', weight: 700, color: GOLD, width: 500 }),
      text('is presented to', { top: 158, size: 15, family: 'Lora', italic: true, color: INK, width: 300 }),
      recipientName({ top: 180, size: 58, family: 'Allura', color: INK, width: 530 }),
      mergeText('in honour of exceptional performance and dedication in [ACHIEVEMENT]', {
        top: 262,
        size: 15,
        family: 'Lora',
        color: INK,
        width: 420,
        lineHeight: 1.4,
      }),
      ...signatureBlock({
        centre: 190,
        top: 372,
        width: 170,
        ruleColor: GOLD,
        caption: 'Date',
        captionStyle: { size: 10, family: 'Cinzel', weight: 600, color: GOLD },
        above: { content: '[DATE]', merge: true, gap: 24, style: { size: 14, family: 'Lora', color: INK } },
      }),
      ...signatureBlock({
        centre: 450,
        top: 372,
        width: 170,
        ruleColor: GOLD,
        caption: 'Chief Executive',
        captionStyle: { size: 10, family: 'Cinzel', weight: 600, color: GOLD },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 424, size: 9, family: 'Lora', color: '#8a8170', width: 200 }),
    ],
  }),
};
