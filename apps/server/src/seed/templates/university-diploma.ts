import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const SEPIA = '#4a2f17';
const RED = '#7c1d1d';

/** The upright diploma: a tall Cinzel Decorative heading, a Cormorant Garamond italic name, Sorts Mill Goudy prose. */
export const universityDiploma: TemplateSeed = {
  name: 'University Diploma',
  kind: 'academic',
  subject: 'Your Diploma from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: true,
    background: 'academic-parchment-portrait',
    elements: [
      text('The Board of Trustees', { top: 110, size: 16, family: 'Sorts Mill Goudy', italic: true, color: SEPIA, width: 400 }),
      text('Diploma', { top: 134, size: 64, family: 'Cinzel Decorative', weight: 700, color: SEPIA, width: 440 }),
      text('upon the recommendation of the faculty, hereby confers upon', {
        top: 240,
        size: 15,
        family: 'Sorts Mill Goudy',
        italic: true,
        color: SEPIA,
        width: 440,
        lineHeight: 1.4,
      }),
      recipientName({ top: 278, size: 46, family: 'Cormorant Garamond', weight: 600, italic: true, color: RED, width: 500 }),
      text('the degree of', { top: 358, size: 15, family: 'Sorts Mill Goudy', italic: true, color: SEPIA, width: 300 }),
      mergeText('[DEGREE]', { top: 384, size: 22, family: 'Cinzel', weight: 600, color: SEPIA, width: 500, lineHeight: 1.3 }),
      text('together with all the rights, honours and privileges thereto pertaining.', {
        top: 456,
        size: 14,
        family: 'Sorts Mill Goudy',
        color: SEPIA,
        width: 420,
        lineHeight: 1.45,
      }),
      mergeText('Given on [DATE]', { top: 522, size: 14, family: 'Sorts Mill Goudy', italic: true, color: SEPIA, width: 300 }),
      ...signatureBlock({
        centre: 170,
        top: 640,
        width: 160,
        ruleColor: SEPIA,
        caption: 'Dean of the Faculty',
        captionStyle: { size: 12, family: 'Sorts Mill Goudy', italic: true, color: SEPIA },
      }),
      ...signatureBlock({
        centre: 470,
        top: 640,
        width: 160,
        ruleColor: SEPIA,
        caption: 'President',
        captionStyle: { size: 12, family: 'Sorts Mill Goudy', italic: true, color: SEPIA },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', {
        top: 756,
        left: 62,
        size: 9,
        family: 'Sorts Mill Goudy',
        color: '#6e5538',
        width: 160,
        align: 'left',
      }),
    ],
  }),
};
