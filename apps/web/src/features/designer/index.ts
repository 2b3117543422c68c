/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { getCertificateSet } from './api.ts';
export { Thumbnail } from './parts/Thumbnail.tsx';
