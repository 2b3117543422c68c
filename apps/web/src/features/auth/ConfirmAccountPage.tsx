import { SetPasswordPage } from './SetPasswordPage.tsx';

/** /user/confirm/:code: a new account chooses its password (and accepts the terms when asked). */
export const ConfirmAccountPage = () => <SetPasswordPage mode="confirm" />;
