/** The delivery module's public face: what other modules and the server's shared code may use. */

export { accountMailLinks, portalAddress } from '../../mail/account-mail-links.ts';
export { awardedTitle } from './awarded-title.ts';
export { certificateFileKey, certificateFileKeys, issuedCertificatePdf, projectRenderer, recipientData } from './certificate-file.ts';
export {
  type CertificateCorrection,
  correctedFields,
  correctIssuedCertificate,
  forgetUnissuedCertificate,
} from './certificate-versions.ts';
export { credentialForToken } from './credential-download.ts';
export { deliverCertificateJob, deliveryGaveUpJob } from './deliver-job.ts';
export { withEvent } from './events.ts';
export { resendToHolder } from './holder-resend.ts';
export { isIssuedDocument, issuedImagePath } from './issued-document.ts';
export { linkIsLive } from './link-live.ts';
export { recipientLinks } from './links.ts';
export { byToken } from './public-certificate.ts';
export { continueSendJob } from './send-plan.ts';
