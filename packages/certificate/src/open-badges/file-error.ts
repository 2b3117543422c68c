/** A file that cannot carry or give back a credential: not a PNG or PDF, or one damaged where the credential sits. */
export class OpenBadgeFileError extends Error {
  override name = 'OpenBadgeFileError';
}
