/**
 * What a password-reset request answers, whether or not the address has an account: the staff sign-in and the
 * recipients' credentials sign-in say the same. Apart from LoginPage.tsx so that importing it does not bring
 * the sign-in screen into another screen's chunk.
 */
export const RESET_SUCCESS_TEXT = 'If an account exists for that address, we have emailed a link to reset the password.';
