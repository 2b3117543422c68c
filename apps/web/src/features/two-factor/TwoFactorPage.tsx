import { primaryRole, TWO_FACTOR_MESSAGES } from '@laurel/domain';
import { Alert, Stack } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { queryClient } from '../../shared/api/query-client.ts';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { USER_KEY, useSignedInUser } from '../../shared/session/queries.ts';
import { DisableTwoFactor } from './DisableTwoFactor.tsx';
import { EnableTwoFactor } from './EnableTwoFactor.tsx';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { TwoFactorPolicyCard } from './TwoFactorPolicyCard.tsx';

const refreshUser = () => queryClient.invalidateQueries({ queryKey: USER_KEY });

/**
 * /account/two-factored-authentication (docs/product/sign-in-and-sessions.md#rules-and-limits "Two-factor"): turn the authenticator app on (QR
 * code, key, a code to confirm, then the recovery codes once) or off; the account admin also decides
 * whether everyone must use it.
 */
export function TwoFactorPage() {
  const user = useSignedInUser();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let main: ReactNode;
  if (recoveryCodes) main = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (user.require_google_2fa) main = <DisableTwoFactor onDisabled={() => void refreshUser()} />;
  else
    main = (
      <EnableTwoFactor
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          void refreshUser();
        }}
      />
    );

  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="Two-factor authentication"
        description="Protect your sign-in with a code from an authenticator app in addition to your password."
      />
      <Stack gap="lg">
        {user.two_factor_setup_required && (
          <Alert color="gilt" variant="light" icon={<IconShieldLock size={18} />} title="Required by your account" role="status">
            {TWO_FACTOR_MESSAGES.required}
          </Alert>
        )}
        {main}
        {primaryRole(user) === 'account_admin' && user.account && <TwoFactorPolicyCard user={user} onChanged={refreshUser} />}
      </Stack>
    </>
  );
}
