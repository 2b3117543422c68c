/** The registration module's public face: what other modules and the server's shared code may use. */
export { isAccountUrlTaken } from './service.ts';
