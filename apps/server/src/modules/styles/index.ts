/** The styles module's public face: what other modules and the server's shared code may use. */
export { findStyle, sendStyleTestEmail } from './service.ts';
