import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const WINE = '#6d1f2c';
const BODY = '#3b3434';

/** Book-printing restraint: Playfair Display capitals, an Alex Brush name, Cormorant Garamond prose. */
export const heritageAppreciation: TemplateSeed = {
  name: 'Heritage Appreciation',
  kind: 'classic',
  subject: 'A Certificate of Appreciation from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'heritage-double-rule',
    elements: [
      text('CERTIFICATE', { top: 72, size: 40, family: 'Playfair Display', weight: 500, color: WINE, width: 440 }),
      text('of Appreciation', { top: 122, size: 24, family: 'Playfair Display', italic: true, color: WINE, width: 360 }),
      text('with sincere gratitude, presented to', {
        top: 168,
        size: 16,
        family: 'Cormorant Garamond',
        italic: true,
        weight: 500,
        color: BODY,
        width: 400,
      }),
      recipientName({ top: 196, size: 45, family: 'Alex Brush', color: '#2c2424', width: 500 }),
      mergeText('in recognition of your generous contribution to [PROGRAM NAME]', {
        top: 258,
        size: 17,
        family: 'Cormorant Garamond',
        weight: 500,
        color: BODY,
        width: 440,
        lineHeight: 1.3,
      }),
      ...signatureBlock({
        centre: 196,
        top: 362,
        width: 176,
        ruleColor: WINE,
        caption: 'Date',
        captionStyle: { size: 13, family: 'Cormorant Garamond', italic: true, weight: 500, color: WINE },
        above: { content: '[DATE]', merge: true, gap: 25, style: { size: 16, family: 'Cormorant Garamond', weight: 500, color: BODY } },
      }),
      ...signatureBlock({
        centre: 444,
        top: 362,
        width: 176,
        ruleColor: WINE,
        caption: 'Chair of the Board',
        captionStyle: { size: 13, family: 'Cormorant Garamond', italic: true, weight: 500, color: WINE },
      }),
      certificateNumber('No. [CERTIFICATE NUMBER]', {
        top: 416,
        size: 10,
        family: 'Cormorant Garamond',
        weight: 500,
        color: '#7a6a6a',
        width: 200,
      }),
    ],
  }),
};
