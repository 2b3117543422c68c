import { publicCertificateCalls, type VerifyCertificateRequest } from '@laurel/domain';
import { call } from '../api/call.ts';

/** A recipient's certificate as anyone holding its link sees it (the `PublicCertificate` of the contracts). */
export const getPublicCertificate = (token: string) =>
  call(publicCertificateCalls.getPublicCertificate, { params: { token } }, { quiet401: true, quiet410: true });

/** A certificate's public page from the number printed on it and the recipient's last name. */
export const verifyCertificate = (body: VerifyCertificateRequest) =>
  call(publicCertificateCalls.verifyCertificate, { body }, { quiet401: true });
