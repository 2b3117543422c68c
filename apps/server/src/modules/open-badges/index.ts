/** The Open Badges module's public face: credentials of sent certificates, their verification, issuer keys. */

export { buildCredential, type CredentialFacts } from './credential.ts';
export { issuerOf, rotateIssuerKey } from './issuer.ts';
export { credentialForToken } from './service.ts';
export { verifyOpenBadge } from './verify.ts';
