import { BILLING_MESSAGES } from '@laurel/domain';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../shared/api/errors.ts';
import { loadStripeJs } from './stripe-loader.ts';

type Loaded = { kind: 'loading' } | { kind: 'ready'; stripe: Stripe; card: StripeCardElement } | { kind: 'unreachable' };

/**
 * The card number, expiry and CVC live in Stripe's own field (the card Element), so they never reach
 * Laurel: on submit Stripe.js turns them into a payment method id, and `onToken` sends that id on.
 * When Stripe.js cannot load, the form says so and the rest of the screen stays usable.
 */
export function CardForm({
  publishableKey,
  name,
  submitLabel,
  onToken,
  onCancel,
  beforeSubmit,
}: {
  publishableKey: string;
  name: string;
  submitLabel: string;
  onToken: (token: string) => Promise<void>;
  onCancel?: () => void;
  /** Checks the rest of the screen's form first: false stops before the card is tokenised. */
  beforeSubmit?: () => boolean;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let card: StripeCardElement | null = null;
    let gone = false;
    loadStripeJs(publishableKey).then(
      (stripe) => {
        if (gone || !mountRef.current) return;
        card = stripe.elements().create('card', { hidePostalCode: true, style: { base: { fontSize: '16px' } } });
        card.mount(mountRef.current);
        setLoaded({ kind: 'ready', stripe, card });
      },
      () => !gone && setLoaded({ kind: 'unreachable' }),
    );
    return () => {
      gone = true;
      card?.destroy();
    };
  }, [publishableKey]);

  const submit = async () => {
    if (loaded.kind !== 'ready' || (beforeSubmit && !beforeSubmit())) return;
    setBusy(true);
    setError(null);
    try {
      const result = await loaded.stripe.createPaymentMethod({
        type: 'card',
        card: loaded.card,
        billing_details: name.trim() ? { name: name.trim() } : {},
      });
      if (result.error) setError(`Credit Card Error: ${result.error.message ?? 'the card was not accepted.'}`);
      else await onToken(result.paymentMethod.id);
    } catch (failure) {
      setError(`Credit Card Error: ${errorMessage(failure)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm">
      {loaded.kind === 'unreachable' ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title="Card form unavailable">
          Stripe Error: {BILLING_MESSAGES.stripeUnreachable}
        </Alert>
      ) : (
        <Box>
          <Text size="sm" fw={500} mb={4} id="card-element-label">
            Card
          </Text>
          <Box
            ref={mountRef}
            aria-labelledby="card-element-label"
            p="sm"
            mih={44}
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)', background: 'white' }}
          />
          {loaded.kind === 'loading' && (
            <Group gap="xs" mt={6}>
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading the secure card field…
              </Text>
            </Group>
          )}
        </Box>
      )}
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
          {error}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap={6} c="stone.6">
          <IconLock size={14} />
          <Text size="xs">Card details go straight to Stripe and are never stored by Laurel.</Text>
        </Group>
        <Group gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button onClick={submit} loading={busy} disabled={loaded.kind !== 'ready'}>
            {submitLabel}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
