import type { V1CertificateSet } from '@laurel/domain';
import { Anchor, Button, Code, Group, Stack, Text } from '@mantine/core';
import { IconBook } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../shared/api/errors.ts';
import { CopyTextButton } from '../../shared/components/CopyTextButton.tsx';
import { LoadFailed } from '../../shared/components/LoadFailed.tsx';
import { PageHeader } from '../../shared/components/PageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { ApiKeySection } from './ApiKeySection.tsx';
import { API_KEY_QUERY, apiBaseUrl, getApiKey, retrieveApiKey, revokeApiKey } from './api.ts';
import { curlExample, firstSet } from './curl-example.ts';
import { Section } from './Section.tsx';
import { WebhooksSection } from './webhooks/WebhooksSection.tsx';

const messageOf = (error: unknown) => (error instanceof ApiError ? error.message : 'Something went wrong. Try again.');

/**
 * /api-integrations (docs/product/public-api.md#screens "API and integrations"): the user's API key, a curl call that works as
 * it is, and the way to the API reference. Webhook endpoints and their delivery log come last.
 */
export function ApiIntegrationsPage() {
  const queryClient = useQueryClient();
  const key = useQuery({ queryKey: API_KEY_QUERY, queryFn: getApiKey });
  const [fresh, setFresh] = useState<{ secret: string; set: V1CertificateSet | null } | null>(null);
  const [busy, setBusy] = useState(false);

  const generate = async () => {
    setBusy(true);
    try {
      const made = await retrieveApiKey();
      setFresh({ secret: made.api_key, set: await firstSet(made.api_key) });
      queryClient.setQueryData(API_KEY_QUERY, { key: made.key });
      notifySuccess('Your new API key is ready. Copy it now: it is shown only once.');
    } catch (error) {
      notifyError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await revokeApiKey();
      setFresh(null);
      queryClient.setQueryData(API_KEY_QUERY, { key: null });
      notifySuccess('API key revoked.');
    } catch (error) {
      notifyError(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  const steps = curlExample(apiBaseUrl(), fresh?.secret ?? '<your API key>', fresh?.set ?? null);
  return (
    <>
      <PageHeader
        eyebrow="Account"
        title="API & integrations"
        description="Issue certificates from your own systems: a learning platform, a CRM or an automation tool."
        actions={
          <Button component={Link} to="/api-integrations/reference" variant="default" leftSection={<IconBook size={16} />}>
            API reference
          </Button>
        }
      />
      <Stack gap="lg">
        {key.isError ? (
          <LoadFailed title="Your API key could not be loaded" error={key.error} onRetry={() => void key.refetch()} />
        ) : (
          <ApiKeySection
            summary={key.data?.key ?? null}
            secret={fresh?.secret ?? null}
            busy={busy || key.isPending}
            onGenerate={generate}
            onRevoke={revoke}
          />
        )}
        <Section
          title="Try it"
          description={
            fresh?.set
              ? `Run these in a terminal: the first creates a project for “${fresh.set.name}” with one recipient, the second sends it.`
              : 'Run this in a terminal with your key to list your certificate sets. Make a new key to get an example that creates and sends a project.'
          }
        >
          {steps.map((step, index) => (
            <Stack key={step.title} gap={6}>
              <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
                <Text size="sm" fw={500} id={`curl-step-${index + 1}`}>
                  {step.title}
                </Text>
                <CopyTextButton value={step.command} label="Copy command" describedBy={`curl-step-${index + 1}`} />
              </Group>
              <Code block fz="xs" data-testid={`curl-example-${index + 1}`} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {step.command}
              </Code>
            </Stack>
          ))}
          <Group gap={6}>
            <Text size="sm" c="stone.6">
              Every call, its parameters and replies:
            </Text>
            <Anchor component={Link} to="/api-integrations/reference" size="sm">
              API reference
            </Anchor>
            <Text size="sm" c="stone.6">
              (OpenAPI at <Code>/v1/openapi.json</Code>)
            </Text>
          </Group>
        </Section>
        <WebhooksSection />
      </Stack>
    </>
  );
}
