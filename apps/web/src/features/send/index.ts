/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export type { Separator } from './api/send.ts';
export { IMPORT_ACCEPT, MAX_IMPORT_BYTES, rejectionMessage } from './import/file-types.ts';
export { useCsvTemplate, useListFileImport } from './import/useListFileImport.tsx';
