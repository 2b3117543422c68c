import { certificateNumber, letterDesign, mergeText, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const SEPIA = '#4a2f17';
const RED = '#7c1d1d';

/** A university diploma on parchment: Cinzel Decorative, a Cormorant Garamond italic name, Sorts Mill Goudy prose. */
export const academicDiploma: TemplateSeed = {
  name: 'Academic Diploma',
  kind: 'academic',
  subject: 'Your Diploma from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'academic-parchment',
    elements: [
      text('Diploma', { top: 62, size: 48, family: 'Cinzel Decorative', weight: 700, color: SEPIA, width: 360 }),
      text('Upon the recommendation of the faculty, it is hereby certified that', {
        top: 130,
        size: 14,
        family: 'Sorts Mill Goudy',
        italic: true,
        color: SEPIA,
        width: 460,
      }),
      recipientName({ top: 150, size: 44, family: 'Cormorant Garamond', weight: 600, italic: true, color: RED, width: 480 }),
      mergeText(
        'has fulfilled all the requirements and is awarded the degree of [DEGREE], with all the rights, honours and privileges thereto pertaining.',
        { top: 212, size: 14, family: 'Sorts Mill Goudy', color: SEPIA, width: 450, lineHeight: 1.45 },
      ),
      ...signatureBlock({
        centre: 170,
        top: 372,
        width: 150,
        ruleColor: SEPIA,
        caption: 'Dean of the Faculty',
        captionStyle: { size: 12, family: 'Sorts Mill Goudy', italic: true, color: SEPIA },
      }),
      ...signatureBlock({
        centre: 470,
        top: 372,
        width: 150,
        ruleColor: SEPIA,
        caption: 'President',
        captionStyle: { size: 12, family: 'Sorts Mill Goudy', italic: true, color: SEPIA },
      }),
      mergeText('Conferred on [DATE]', { top: 300, size: 13, family: 'Sorts Mill Goudy', italic: true, color: SEPIA, width: 300 }),
      certificateNumber('[CERTIFICATE NUMBER]', {
        top: 422,
        left: 60,
        size: 9,
        family: 'Sorts Mill Goudy',
        color: '#6e5538',
        width: 150,
        align: 'left',
      }),
    ],
  }),
};
