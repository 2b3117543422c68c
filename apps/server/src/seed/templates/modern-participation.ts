import { certificateNumber, letterDesign, mergeText, recipientName, rule, signatureBlock, type TemplateSeed, text } from './kit.ts';

const NAVY = '#14213d';
const TEAL = '#2a9d8f';
const BODY = '#4b5563';

/** Bold and current: a heavy Montserrat title, a DM Serif Display name, Montserrat light prose. */
export const modernParticipation: TemplateSeed = {
  name: 'Modern Participation',
  kind: 'modern',
  subject: 'Thanks for taking part! Your certificate from [ACCOUNT_NAME]',
  design: letterDesign({
    portrait: false,
    background: 'modern-geometric',
    elements: [
      text('CERTIFICATE', { top: 84, size: 44, family: 'Montserrat', weight: 800, color: NAVY, width: 420 }),
      text('OF PARTICIPATION', { top: 140, size: 15, family: 'Montserrat', weight: 600, color: TEAL, width: 300 }),
      text('This certificate is presented to', { top: 184, size: 13, family: 'Montserrat', weight: 400, color: BODY, width: 300 }),
      recipientName({ top: 204, size: 46, family: 'DM Serif Display', color: NAVY, width: 460 }),
      rule({ top: 268, width: 80, color: TEAL, thickness: 2 }),
      mergeText('for taking part in [EVENT NAME]', {
        top: 282,
        size: 14,
        family: 'Montserrat',
        weight: 300,
        color: BODY,
        width: 420,
        lineHeight: 1.5,
      }),
      ...signatureBlock({
        centre: 210,
        top: 380,
        width: 160,
        ruleColor: NAVY,
        caption: 'DATE',
        captionStyle: { size: 9, family: 'Montserrat', weight: 700, color: NAVY },
        above: { content: '[DATE]', merge: true, gap: 22, style: { size: 13, family: 'Montserrat', weight: 400, color: BODY } },
      }),
      ...signatureBlock({
        centre: 430,
        top: 380,
        width: 160,
        ruleColor: NAVY,
        caption: 'ORGANISER',
        captionStyle: { size: 9, family: 'Montserrat', weight: 700, color: NAVY },
      }),
      certificateNumber('[CERTIFICATE NUMBER]', { top: 420, size: 8, family: 'Montserrat', color: '#9aa3af', width: 200 }),
    ],
  }),
};
