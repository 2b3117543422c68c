import { BILLING_REDIRECT_TARGETS, type BillingRedirectTarget, checkoutQuery } from '@laurel/domain';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { billingRedirectUrl } from './api.ts';

const isTarget = (value: string | null): value is BillingRedirectTarget =>
  BILLING_REDIRECT_TARGETS.includes(value as BillingRedirectTarget);

/**
 * /account/billing-redirect: where a browser lands after opening a billing address under /api
 * (checkout-session, billing-portal, update-billing-information). A navigation carries no session
 * header, so this page asks for the address with the session and goes there.
 */
export function BillingRedirectPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  const go = () => {
    const target = params.get('target');
    if (!isTarget(target)) {
      void navigate('/account/subscription', { replace: true });
      return;
    }
    const query = checkoutQuery.partial().safeParse(Object.fromEntries([...params].filter(([key]) => key !== 'target')));
    setError(null);
    billingRedirectUrl(target, query.success ? query.data : {}).then(({ url }) => {
      if (url.startsWith('/')) void navigate(url, { replace: true });
      else window.location.assign(url);
    }, setError);
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    go();
  });

  if (error) return <LoadFailed title="The payment page could not be opened" error={error} onRetry={go} />;
  return (
    <Center mih={240}>
      <Stack align="center" gap="sm">
        <Loader />
        <Text c="dimmed">Opening the secure payment page…</Text>
      </Stack>
    </Center>
  );
}
