import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const GOLD = '#d9b55a';
const IVORY = '#f4ead2';
const MUTED = '#aeb8c8';

/** Midnight and gold, upright: Italiana capitals, an Allura name in ivory, Josefin Sans light prose. */
export const decoAppreciation: TemplateSeed = {
  name: 'Art Deco Appreciation',
  kind: 'corporate',
  subject: 'With thanks: your Certificate of Appreciation from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: true,
    background: 'art-deco-gold-portrait',
    elements: [
      text('CERTIFICATE', { top: 176, size: 54, family: 'Italiana', color: GOLD, width: 460 }),
      text('OF APPRECIATION', { top: 246, size: 18, family: 'Tenor Sans', color: GOLD, width: 360 }),
      rule({ top: 290, width: 120, color: GOLD }),
      text('PROUDLY PRESENTED TO', { top: 334, size: 11, family: 'Tenor Sans', color: MUTED, width: 240 }),
      recipientName({ top: 362, size: 54, family: 'Allura', color: IVORY, width: 500 }),
      mergeText('with heartfelt thanks for your dedication and support of [PROGRAM NAME]', {
        top: 462,
        size: 15,
        family: 'Josefin Sans',
        weight: 300,
        color: MUTED,
        width: 380,
        lineHeight: 1.55,
      }),
      ...signatureBlock({
        centre: 200,
        top: 632,
        width: 170,
        ruleColor: GOLD,
        caption: 'DATE',
        captionStyle: { size: 10, family: 'Tenor Sans', color: GOLD },
        above: { content: '[DATE]', merge: true, gap: 24, style: { size: 14, family: 'Josefin Sans', weight: 300, color: IVORY } },
      }),
      ...signatureBlock({
        centre: 440,
        top: 632,
        width: 170,
        ruleColor: GOLD,
        caption: 'DIRECTOR',
        captionStyle: { size: 10, family: 'Tenor Sans', color: GOLD },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 712, size: 9, family: 'Tenor Sans', color: '#8792a6', width: 200 }),
    ],
  }),
};
