/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */
export { type PreviewDevice, PreviewFrame } from './preview/PreviewFrame.tsx';
