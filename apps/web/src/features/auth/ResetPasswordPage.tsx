import { SetPasswordPage } from './SetPasswordPage.tsx';

/** /user/reset/:code: chooses a new password from the emailed reset link. */
export const ResetPasswordPage = () => <SetPasswordPage mode="reset" />;
