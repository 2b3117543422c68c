/** The users module's public face: what other modules and the server's shared code may use. */
export { endImpersonation } from './impersonation.ts';
export { loadUserDto, presentAccount } from './presenter.ts';
