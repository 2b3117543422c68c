import { escapeHtml } from './html.ts';

/** A composed message: subject with an HTML part and its plain-text twin. */
export interface ComposedMail {
  kind: string;
  subject: string;
  html: string;
  text: string;
}

interface ActionMail {
  kind: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

/** The product's own messages share one table-based layout that mail clients render alike. */
function compose(mail: ActionMail): ComposedMail {
  const p = (text: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#334155">${escapeHtml(text)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f5f0;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f5f0;padding:32px 12px">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e4dc">
<tr><td style="padding:28px 32px 8px;font-size:20px;font-weight:bold;color:#2f4a2a">Laurel</td></tr>
<tr><td style="padding:8px 32px 8px">
${p(mail.greeting)}
${mail.paragraphs.map(p).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#3d6b35">
<a href="${escapeHtml(mail.action.url)}" style="display:inline-block;padding:12px 24px;font-size:15px;font-weight:bold;color:#ffffff;text-decoration:none">${escapeHtml(mail.action.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.6;color:#64748b">If the button does not work, open this address: <a href="${escapeHtml(mail.action.url)}" style="color:#3d6b35;word-break:break-all">${escapeHtml(mail.action.url)}</a></p>
</td></tr>
<tr><td style="padding:16px 32px 28px;border-top:1px solid #eef0ea;font-size:12px;line-height:1.6;color:#94a3b8">${escapeHtml(mail.footnote)}</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    mail.greeting,
    '',
    ...mail.paragraphs.flatMap((x) => [x, '']),
    `${mail.action.label}: ${mail.action.url}`,
    '',
    '--',
    mail.footnote,
    '',
  ].join('\n');
  return { kind: mail.kind, subject: mail.subject, html, text };
}

const greet = (firstName: string) => (firstName ? `Hello ${firstName},` : 'Hello,');

export function confirmAccountMail(input: { firstName: string; accountName: string; url: string }): ComposedMail {
  return compose({
    kind: 'confirm',
    subject: 'Confirm your Laurel account',
    greeting: greet(input.firstName),
    paragraphs: [
      `Thank you for creating the ${input.accountName} account on Laurel.`,
      'Confirm your email address and choose a password to start designing certificates. The link is valid for 7 days.',
    ],
    action: { label: 'Confirm and set password', url: input.url },
    footnote:
      'You received this message because someone registered this address on Laurel. If it was not you, ignore it and no account will be activated.',
  });
}

/** The credentials portal's registration: a link to choose the password of the holder's sign-in. */
export function credentialsPortalMail(input: { firstName: string; url: string }): ComposedMail {
  return compose({
    kind: 'credentials_confirm',
    subject: 'Set your password for your Laurel credentials',
    greeting: greet(input.firstName),
    paragraphs: [
      'You asked for a sign-in to the Laurel credentials portal, where every certificate sent to this address is kept in one place, whoever issued it.',
      'Choose your password with the link below to finish. The link is valid for 7 days.',
    ],
    action: { label: 'Set my password', url: input.url },
    footnote:
      'You received this message because someone registered this address on the Laurel credentials portal. If it was not you, ignore it.',
  });
}

export function resetPasswordMail(input: { firstName: string; url: string }): ComposedMail {
  return compose({
    kind: 'reset',
    subject: 'Reset your Laurel password',
    greeting: greet(input.firstName),
    paragraphs: [
      'We received a request to reset the password of your Laurel account.',
      'Choose a new password with the link below. It is valid for 1 hour and can be used once.',
    ],
    action: { label: 'Choose a new password', url: input.url },
    footnote: 'If you did not ask for this, ignore this message: your password stays as it is.',
  });
}

/** The first-time link of a recipient portal: the holder chooses the password of their portal sign-in. */
export function portalSetPasswordMail(input: { firstName: string; accountName: string; url: string }): ComposedMail {
  return compose({
    kind: 'portal_set_password',
    subject: `Set your password for the ${input.accountName} certificate portal`,
    greeting: greet(input.firstName),
    paragraphs: [
      `You asked to sign in to the certificate portal of ${input.accountName}, where the certificates sent to this address are kept.`,
      'Choose your password with the link below. It is valid for 7 days and can be used once.',
    ],
    action: { label: 'Set my password', url: input.url },
    footnote: 'If you did not ask for this, ignore this message: no sign-in is created without the password.',
  });
}

export function emailChangeCodeMail(input: { firstName: string; code: string; url: string }): ComposedMail {
  return compose({
    kind: 'email_change',
    subject: 'Your Laurel email change code',
    greeting: greet(input.firstName),
    paragraphs: [`Your confirmation code is ${input.code}.`, 'Enter it in Laurel to confirm the new address. It is valid for 1 hour.'],
    action: { label: 'Open Laurel', url: input.url },
    footnote: 'If you did not ask to change your email address, change your password.',
  });
}

/**
 * The emailed sign-in code: asked for because strangers tried the password (`attack`), or chosen by a
 * user with two-factor authentication instead of their app's code (`two_factor`).
 */
export function signInCodeMail(input: { firstName: string; code: string; url: string; reason?: 'attack' | 'two_factor' }): ComposedMail {
  const why =
    input.reason === 'two_factor'
      ? 'You asked for it instead of the code from your authenticator app. Enter it with your password to sign in. It is valid for 15 minutes.'
      : 'We ask for it because there were several failed attempts to sign in to your account. Enter it with your password to sign in. It is valid for 15 minutes.';
  return compose({
    kind: 'sign_in_code',
    subject: 'Your Laurel sign-in code',
    greeting: greet(input.firstName),
    paragraphs: [`Your sign-in code is ${input.code}.`, why],
    action: { label: 'Open Laurel', url: input.url },
    footnote:
      'If you did not try to sign in just now, someone else may be trying your password: consider changing it. Without this code they cannot sign in.',
  });
}

export function twoFactorDisableCodeMail(input: { firstName: string; code: string; url: string }): ComposedMail {
  return compose({
    kind: 'two_factor_disable_code',
    subject: 'Your code to turn off two-factor authentication',
    greeting: greet(input.firstName),
    paragraphs: [
      `Your confirmation code is ${input.code}.`,
      'Enter it on the two-factor authentication screen to turn two-factor authentication off. It is valid for 15 minutes.',
    ],
    action: { label: 'Open Laurel', url: input.url },
    footnote:
      'If you did not ask for this code, someone signed in to your account may be trying to weaken its protection: change your password and keep two-factor authentication on.',
  });
}

/** A sub-user added by an account admin: the link sets their first password (the confirm screen). */
export function invitationMail(input: { firstName: string; inviterName: string; accountName: string; url: string }): ComposedMail {
  return compose({
    kind: 'invitation',
    subject: `${input.inviterName} invited you to ${input.accountName} on Laurel`,
    greeting: greet(input.firstName),
    paragraphs: [
      `${input.inviterName} added you as a user of the ${input.accountName} account on Laurel, where certificates are designed and sent.`,
      'Choose a password with the link below to sign in. The link is valid for 7 days and can be used once.',
    ],
    action: { label: 'Set your password', url: input.url },
    footnote: `You received this message because ${input.inviterName} entered this address. If you do not expect it, ignore it: nobody can sign in as you without choosing a password here.`,
  });
}

/**
 * A notification-day reminder (docs/product/delivery.md#rules-and-limits) to an account admin on a plan-less account: during the trial,
 * how many days are left; after it, how long the account has been on Free. Both carry the account's own
 * figures, never a generic pitch.
 */
export function notifyDayMail(input: {
  firstName: string;
  accountName: string;
  day: number;
  trialDaysLeft: number;
  planName: string;
  certificatesSent: number;
  creditsLeft: number;
  url: string;
}): ComposedMail {
  const left = input.trialDaysLeft;
  const sent = `${input.certificatesSent.toLocaleString('en-US')} ${input.certificatesSent === 1 ? 'certificate' : 'certificates'}`;
  const credits = `${input.creditsLeft.toLocaleString('en-US')} ${input.creditsLeft === 1 ? 'credit' : 'credits'}`;
  const inTrial = left > 0;
  return compose({
    kind: 'notify_day',
    subject: inTrial
      ? left === 1
        ? 'Your Laurel free trial ends tomorrow'
        : `Your Laurel free trial: ${left} days left`
      : `${input.accountName} has been on Laurel for ${input.day} days`,
    greeting: greet(input.firstName),
    paragraphs: [
      inTrial
        ? `The free trial of ${input.accountName} ends in ${left === 1 ? '1 day' : `${left} days`}.`
        : `${input.accountName} has been on Laurel for ${input.day} days, on the ${input.planName} plan.`,
      `So far you have sent ${sent}, and ${credits} ${input.creditsLeft === 1 ? 'is' : 'are'} left to send with.`,
      'Plans add the recipient portal, LinkedIn sharing, your own fonts, two-sided certificates, team logins and more credits each month. Compare them and choose one whenever you are ready.',
    ],
    action: { label: 'Compare plans', url: input.url },
    footnote: `You receive these reminders as an administrator of ${input.accountName} on Laurel.`,
  });
}

/** The code that confirms an address as the support email a recipient portal shows (docs/product/recipient-portal.md#flows portal settings). */
export function supportEmailCodeMail(input: { accountName: string; code: string; url: string }): ComposedMail {
  return compose({
    kind: 'support_email_code',
    subject: 'Confirm the support email of your certificate portal',
    greeting: 'Hello,',
    paragraphs: [
      `Your confirmation code is ${input.code}.`,
      `Enter it in the portal settings of ${input.accountName} on Laurel to show this address to recipients as the portal's support email. It is valid for 15 minutes.`,
    ],
    action: { label: 'Open portal settings', url: input.url },
    footnote: 'If you did not expect this message, ignore it: the address is not shown anywhere until the code is entered.',
  });
}
