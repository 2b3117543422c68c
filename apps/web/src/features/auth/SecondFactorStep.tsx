import type { LoginResponse, SignInChallenge } from '@laurel/domain';
import { useState } from 'react';
import { SignInCodeForm } from './SignInCodeForm.tsx';
import { TwoFactorCodeForm } from './TwoFactorCodeForm.tsx';

interface SecondFactorStepProps {
  credentials: { email: string; password: string };
  challenge: SignInChallenge;
  onSignedIn: (response: LoginResponse) => void;
  onBack: () => void;
}

/**
 * What the server asked for after the right password: the authenticator code (`google2fa`), or the code
 * it emailed (`email2fa`). From the first, "use a code by email instead" moves to the second.
 */
export function SecondFactorStep({ credentials, challenge, onSignedIn, onBack }: SecondFactorStepProps) {
  const [step, setStep] = useState<SignInChallenge>(challenge);
  if (step.require_action === 'google2fa') {
    return (
      <TwoFactorCodeForm
        credentials={credentials}
        message={step.message}
        onSignedIn={onSignedIn}
        onEmailed={(message) => setStep({ token: null, require_action: 'email2fa', message })}
        onBack={onBack}
      />
    );
  }
  return <SignInCodeForm credentials={credentials} message={step.message} onSignedIn={onSignedIn} onBack={onBack} />;
}
