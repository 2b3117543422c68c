import {
  certificateNumber,
  expirationDate,
  letterDesign,
  mergeText,
  qrCode,
  recipientName,
  signatureBlock,
  type TemplateSeed,
  text,
} from './kit.ts';

const TEAL = '#0f5f66';
const INK = '#1f2d30';
const BODY = '#4a5759';

/**
 * A course certificate that expires, as compliance training does: the title on the ribbon, a DM Serif
 * Display name, Source Sans 3 for the details, a QR code to verify it.
 */
export const trainingCompletion: TemplateSeed = {
  name: 'Training Completion',
  kind: 'training',
  subject: 'Course complete: your certificate from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'training-ribbon',
    expirationFormat: 'MMMM D, YYYY',
    elements: [
      text('CERTIFICATE OF COMPLETION', { top: 87, size: 17, family: 'Montserrat', weight: 600, color: '#ffffff', width: 360 }),
      text('This is to certify that', { top: 146, size: 14, family: 'Source Sans 3', italic: true, color: BODY, width: 300 }),
      recipientName({ top: 166, size: 42, family: 'DM Serif Display', color: INK, width: 480 }),
      mergeText('has successfully completed the training course', { top: 228, size: 14, family: 'Source Sans 3', color: BODY, width: 420 }),
      mergeText('[COURSE NAME]', { top: 250, size: 20, family: 'Source Sans 3', weight: 600, color: TEAL, width: 460 }),
      ...signatureBlock({
        centre: 165,
        top: 372,
        width: 170,
        ruleColor: INK,
        caption: 'Course Instructor',
        captionStyle: { size: 10, family: 'Source Sans 3', weight: 600, color: BODY },
      }),
      ...signatureBlock({
        centre: 475,
        top: 372,
        width: 170,
        ruleColor: INK,
        caption: 'Date Completed',
        captionStyle: { size: 10, family: 'Source Sans 3', weight: 600, color: BODY },
        above: { content: '[DATE]', merge: true, gap: 22, style: { size: 13, family: 'Source Sans 3', color: INK } },
      }),
      qrCode({ top: 330, left: 285, size: 70, color: INK }),
      expirationDate('Valid until [EXPIRATION_DATE]', {
        top: 290,
        size: 11,
        family: 'Source Sans 3',
        italic: true,
        color: BODY,
        width: 260,
      }),
      certificateNumber('Certificate [CERTIFICATE NUMBER]', { top: 406, size: 8, family: 'Source Sans 3', color: '#6b7678', width: 200 }),
    ],
  }),
};
