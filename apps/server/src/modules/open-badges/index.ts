/** The Open Badges module's public face: credentials of sent certificates, their verification, issuer keys. */

export { achievementName } from './achievement.ts';
export { buildCredential, type CredentialFacts } from './credential.ts';
export { issuerOf, rotateIssuerKey } from './issuer.ts';
export { type CertificateToCredential, type Credential, credentialFileName, credentialsFor, signNewVersion } from './service.ts';
export { verifyOpenBadge } from './verify.ts';
export { discardUnissuedCredential, type SignedVersion, supersedeCredential } from './versions.ts';
