import type { EmailPreferences } from '@laurel/domain';
import { Alert, Box, Button, Card, Container, Group, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck, IconMailOff, IconMailX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { EmptyPanel } from '../../shared/components/EmptyPanel.tsx';
import { PublicPageHeader } from '../../shared/components/PublicPageHeader.tsx';
import { notifyError, notifySuccess } from '../../shared/lib/notify.ts';
import { getEmailPreferences, setEmailPreferences } from './api.ts';

/** What the page says about the address, in the recipient's terms. */
function Status({ preferences }: { preferences: EmailPreferences }) {
  const { account_name: account } = preferences;
  if (preferences.bounced) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Emails to this address are stopped"
        data-testid="preferences-status"
      >
        Emails to this address were stopped because an earlier one could not be delivered. This cannot be undone from here: please ask{' '}
        {account} to send to you again.
      </Alert>
    );
  }
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="preferences-status">
      <ThemeIcon size={36} radius="xl" variant="light" color={preferences.subscribed ? 'laurel' : 'gray'}>
        {preferences.subscribed ? <IconMailCheck size={20} /> : <IconMailOff size={20} />}
      </ThemeIcon>
      <div>
        <Text fw={600}>{preferences.subscribed ? 'You are subscribed' : 'You are unsubscribed'}</Text>
        <Text size="sm" c="dimmed">
          {preferences.subscribed
            ? `Certificates ${account} issues you are sent to this address.`
            : `${account} no longer emails this address, including certificates it issues you.`}
        </Text>
      </div>
    </Group>
  );
}

/**
 * /preferences/:token, the footer's "update email preferences" link: a recipient unsubscribes from one
 * issuer, or comes back after unsubscribing. Public; the token is that of a certificate they were sent.
 * The footer's "unsubscribe" link adds `?unsubscribe=1`: the page then asks for that one click first.
 */
export function PreferencesPage() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const cameToUnsubscribe = search.has('unsubscribe');
  const queryClient = useQueryClient();
  const key = ['email-preferences', token];
  const preferences = useQuery({ queryKey: key, queryFn: () => getEmailPreferences(token), retry: false });
  const change = useMutation({
    mutationFn: (subscribed: boolean) => setEmailPreferences(token, subscribed),
    onSuccess: (reply) => {
      queryClient.setQueryData<EmailPreferences>(key, {
        account_name: reply.account_name,
        email: reply.email,
        subscribed: reply.subscribed,
        bounced: reply.bounced,
      });
      notifySuccess(reply.message);
    },
    onError: (error) => {
      notifyError(errorMessage(error));
      // A refusal (a bounce found meanwhile) means the page is out of date: show what is true now.
      void preferences.refetch();
    },
  });
  const data = preferences.data;
  const missing = preferences.error instanceof ApiError && preferences.error.status === 404;

  return (
    <Box mih="100vh" bg="var(--mantine-color-stone-0, #f7f7f4)">
      <PublicPageHeader title={data?.account_name ?? 'Email preferences'} width={560} />
      <Container size={560} py={{ base: 'lg', sm: 56 }}>
        {preferences.isPending && <Skeleton height={260} radius="md" />}
        {missing && (
          <EmptyPanel
            icon={<IconMailX size={26} stroke={1.6} />}
            title="This link is not valid"
            description="It does not lead to email preferences. Check that it was copied whole from the email you received."
          />
        )}
        {preferences.isError && !missing && (
          <Alert color="red" title="Your preferences could not be loaded">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(preferences.error)}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void preferences.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {data && (
          <Card withBorder radius="md" shadow="xs" padding="xl" component="section" aria-labelledby="preferences-title">
            <Stack gap="lg">
              <div>
                <Title order={1} fz={24} id="preferences-title">
                  Email preferences
                </Title>
                <Text c="dimmed" mt={4}>
                  Emails from <strong>{data.account_name}</strong> to <strong data-testid="preferences-email">{data.email}</strong>
                </Text>
              </div>
              <Status preferences={data} />
              {!data.bounced &&
                (data.subscribed ? (
                  <Stack gap="xs">
                    {cameToUnsubscribe && (
                      <Text size="sm" data-testid="unsubscribe-confirm">
                        Confirm that you no longer want emails from {data.account_name}.
                      </Text>
                    )}
                    <Button
                      variant={cameToUnsubscribe ? 'filled' : 'default'}
                      color="red"
                      leftSection={<IconMailOff size={16} />}
                      loading={change.isPending}
                      onClick={() => change.mutate(false)}
                    >
                      Unsubscribe
                    </Button>
                  </Stack>
                ) : (
                  <Button leftSection={<IconMailCheck size={16} />} loading={change.isPending} onClick={() => change.mutate(true)}>
                    Subscribe again
                  </Button>
                ))}
              <Text size="xs" c="dimmed">
                This choice applies to {data.account_name} only. Certificates you already received stay available at their links.
              </Text>
            </Stack>
          </Card>
        )}
      </Container>
    </Box>
  );
}
