import { openBadgeCalls, publicCertificateCalls, type VerifyCertificateRequest } from '@laurel/domain';
import { call } from '../../shared/api/call.ts';

/** A certificate's public page from the number printed on it and the recipient's last name. */
export const verifyCertificate = (body: VerifyCertificateRequest) =>
  call(publicCertificateCalls.verifyCertificate, { body }, { quiet401: true });

/** The verification of the credential a certificate file carries (its PDF, its PNG or the credential's JSON). */
export const verifyCredentialFile = (file: File) => {
  const form = new FormData();
  form.append('file', file);
  return call(openBadgeCalls.verifyCredentialFile, { form }, { quiet401: true });
};
