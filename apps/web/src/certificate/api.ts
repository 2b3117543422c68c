import { publicCertificateCalls, type VerifyCertificateRequest } from '@laurel/domain';
import { call } from '../api/call.ts';

/** A certificate's public page from the number printed on it and the recipient's last name. */
export const verifyCertificate = (body: VerifyCertificateRequest) =>
  call(publicCertificateCalls.verifyCertificate, { body }, { quiet401: true });
