/** The single sign-on module's public face: which social sign-in buttons the login page shows. */
export { socialSignInOptions } from './social.ts';
