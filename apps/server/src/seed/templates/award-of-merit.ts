import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const GOLD = '#9a7424';
const INK = '#2d2a26';

/** The laurel crown upright: Cinzel capitals, an Allura name, Lora prose, gold throughout. */
export const awardOfMerit: TemplateSeed = {
  name: 'Award of Merit',
  kind: 'award',
  subject: 'Congratulations! Your Award of Merit from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: true,
    background: 'laurel-award-portrait',
    elements: [
      text('Award', { top: 168, size: 60, family: 'Cinzel', weight: 700, color: GOLD, width: 360 }),
      text('of Merit', { top: 244, size: 26, family: 'Cinzel', weight: 500, color: GOLD, width: 300 }),
      text('is hereby presented to', { top: 322, size: 16, family: 'Lora', italic: true, color: INK, width: 300 }),
      recipientName({ top: 350, size: 58, family: 'Allura', color: INK, width: 530 }),
      mergeText('in appreciation of outstanding merit and commitment to [ACHIEVEMENT]', {
        top: 450,
        size: 16,
        family: 'Lora',
        color: INK,
        width: 400,
        lineHeight: 1.5,
      }),
      ...signatureBlock({
        centre: 200,
        top: 664,
        width: 170,
        ruleColor: GOLD,
        caption: 'Date',
        captionStyle: { size: 10, family: 'Cinzel', weight: 600, color: GOLD },
        above: { content: '[DATE]', merge: true, gap: 24, style: { size: 15, family: 'Lora', color: INK } },
      }),
      ...signatureBlock({
        centre: 440,
        top: 664,
        width: 170,
        ruleColor: GOLD,
        caption: 'Presented By',
        captionStyle: { size: 10, family: 'Cinzel', weight: 600, color: GOLD },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 744, size: 9, family: 'Lora', color: '#8a8170', width: 200 }),
    ],
  }),
};
