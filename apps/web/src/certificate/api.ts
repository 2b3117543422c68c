import { publicCertificateCalls } from '@laurel/domain';
import { call } from '../api/call.ts';

/** A recipient's certificate as anyone holding its link sees it (the `PublicCertificate` of the contracts). */
export const getPublicCertificate = (token: string) =>
  call(publicCertificateCalls.getPublicCertificate, { params: { token } }, { quiet401: true });
