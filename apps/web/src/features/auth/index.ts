/** What other features and app/ may use of this feature. Its screens are loaded by file (app/router/pages.tsx). */

export { AuthHeading } from './AuthHeading.tsx';
export { checkPasswordLink, getCsrfToken, login, setPassword, stopImpersonating } from './api.ts';
export { ForgotPasswordForm } from './ForgotPasswordForm.tsx';
export { RESET_SUCCESS_TEXT } from './reset-text.ts';
export { SecondFactorStep } from './SecondFactorStep.tsx';
export { usePasswordSignIn } from './usePasswordSignIn.ts';
