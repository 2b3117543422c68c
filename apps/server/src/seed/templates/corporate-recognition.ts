import { certificateNumber, letterDesign, mergeText, qrCode, recipientName, signatureBlock, type TemplateSeed, text } from './kit.ts';

const NAVY = '#0b2545';
const BODY = '#3e4a5c';

/** Boardroom clarity: Montserrat for structure, a Playfair Display name, Lato prose, a verification QR code. */
export const corporateRecognition: TemplateSeed = {
  name: 'Corporate Recognition',
  kind: 'corporate',
  subject: 'Your Certificate of Recognition from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'corporate-navy',
    elements: [
      text('CERTIFICATE OF RECOGNITION', { top: 108, size: 26, family: 'Montserrat', weight: 700, color: NAVY, width: 540 }),
      text('This certificate is awarded to', { top: 152, size: 13, family: 'Lato', italic: true, color: BODY, width: 300 }),
      recipientName({ top: 172, size: 44, family: 'Playfair Display', weight: 600, color: NAVY, width: 480 }),
      mergeText('in recognition of outstanding contribution to [PROJECT NAME]', {
        top: 240,
        size: 14,
        family: 'Lato',
        color: BODY,
        width: 420,
        lineHeight: 1.45,
      }),
      ...signatureBlock({
        centre: 165,
        top: 368,
        width: 170,
        ruleColor: NAVY,
        caption: 'Head of People',
        captionStyle: { size: 10, family: 'Montserrat', weight: 600, color: NAVY },
      }),
      ...signatureBlock({
        centre: 475,
        top: 368,
        width: 170,
        ruleColor: NAVY,
        caption: 'Date',
        captionStyle: { size: 10, family: 'Montserrat', weight: 600, color: NAVY },
        above: { content: '[DATE]', merge: true, gap: 22, style: { size: 13, family: 'Lato', color: BODY } },
      }),
      qrCode({ top: 318, left: 285, size: 70, color: NAVY }),
      certificateNumber('ID [CERTIFICATE NUMBER]', { top: 394, size: 8, family: 'Montserrat', color: '#6b7789', width: 200 }),
    ],
  }),
};
