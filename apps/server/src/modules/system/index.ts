/** The system module's public face: what other modules and the server's shared code may use. */
export { audit } from './audit.ts';
