import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const INDIGO = '#3d3478';
const BODY = '#4f4d63';

/** Light and friendly: Josefin Sans capitals, an Allura name, Raleway prose on a silk-line wash. */
export const softWavesCompletion: TemplateSeed = {
  name: 'Soft Waves Completion',
  kind: 'modern',
  subject: 'Well done, [FIRST NAME]! Your certificate from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'soft-waves',
    elements: [
      text('CERTIFICATE OF COMPLETION', { top: 96, size: 26, family: 'Josefin Sans', weight: 300, color: INDIGO, width: 520 }),
      text('proudly awarded to', { top: 142, size: 14, family: 'Raleway', italic: true, color: BODY, width: 300 }),
      recipientName({ top: 164, size: 56, family: 'Allura', color: INDIGO, width: 520 }),
      mergeText('for successfully completing [COURSE NAME]', {
        top: 242,
        size: 15,
        family: 'Raleway',
        color: BODY,
        width: 440,
        lineHeight: 1.45,
      }),
      ...signatureBlock({
        centre: 200,
        top: 360,
        width: 170,
        ruleColor: INDIGO,
        caption: 'Date',
        captionStyle: { size: 11, family: 'Raleway', weight: 600, color: INDIGO },
        above: { content: '[DATE]', merge: true, gap: 23, style: { size: 14, family: 'Raleway', color: BODY } },
      }),
      ...signatureBlock({
        centre: 440,
        top: 360,
        width: 170,
        ruleColor: INDIGO,
        caption: 'Program Lead',
        captionStyle: { size: 11, family: 'Raleway', weight: 600, color: INDIGO },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 402, size: 9, family: 'Raleway', color: '#7d7a90', width: 200 }),
    ],
  }),
};
