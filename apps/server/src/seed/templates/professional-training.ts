import {
  certificateNumber,
  expirationDate,
  letterDesign,
  mergeText,
  recipientName,
  rule,
  signatureBlock,
  type TemplateSeed,
  text,
} from './kit.ts';

const NAVY = '#0b2545';
const GOLD = '#b08a2e';
const BODY = '#3e4a5c';

/** A compliance training record with an expiry: Montserrat structure, a Playfair Display name, Lato details. */
export const professionalTraining: TemplateSeed = {
  name: 'Professional Training',
  kind: 'training',
  subject: 'Your training certificate from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: true,
    background: 'corporate-navy-portrait',
    expirationFormat: 'MMMM D, YYYY',
    elements: [
      text('CERTIFICATE', { top: 150, size: 40, family: 'Montserrat', weight: 700, color: NAVY, width: 440 }),
      text('OF PROFESSIONAL TRAINING', { top: 202, size: 15, family: 'Montserrat', weight: 600, color: GOLD, width: 400 }),
      text('This certifies that', { top: 284, size: 15, family: 'Lato', italic: true, color: BODY, width: 300 }),
      recipientName({ top: 312, size: 44, family: 'Playfair Display', weight: 600, color: NAVY, width: 500 }),
      rule({ top: 384, width: 80, color: GOLD, thickness: 2 }),
      text('has completed the required training in', { top: 406, size: 15, family: 'Lato', color: BODY, width: 400 }),
      mergeText('[COURSE NAME]', { top: 432, size: 22, family: 'Montserrat', weight: 600, color: NAVY, width: 480, lineHeight: 1.3 }),
      mergeText('Completed on [DATE]', { top: 510, size: 13, family: 'Lato', color: BODY, width: 300 }),
      expirationDate('Valid until [EXPIRATION_DATE]', { top: 530, size: 13, family: 'Lato', weight: 700, color: NAVY, width: 300 }),
      ...signatureBlock({
        centre: 200,
        top: 650,
        width: 170,
        ruleColor: NAVY,
        caption: 'Lead Trainer',
        captionStyle: { size: 10, family: 'Montserrat', weight: 600, color: NAVY },
      }),
      ...signatureBlock({
        centre: 440,
        top: 650,
        width: 170,
        ruleColor: NAVY,
        caption: 'Head of Compliance',
        captionStyle: { size: 10, family: 'Montserrat', weight: 600, color: NAVY },
      }),
      certificateNumber('Certificate [CERTIFICATE NUMBER]', { top: 730, size: 9, family: 'Montserrat', color: '#6b7789', width: 240 }),
    ],
  }),
};
