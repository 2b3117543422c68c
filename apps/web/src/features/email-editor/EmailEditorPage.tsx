import { Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api/errors.ts';
import { useSignedInUser } from '../../shared/session/queries.ts';
import { getEmailRecord } from './api.ts';
import { EmailEditor } from './EmailEditor.tsx';
import { emailEditorType, safeReturnPath } from './editor-type.ts';
import { emailEditorKeys } from './query-keys.ts';

/** /build/:id/email, /admin/build/:id/email and /store/projects/:id/email: loads the set, template or project and opens its email editor. */
export function EmailEditorPage() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const user = useSignedInUser();
  const returnTo = safeReturnPath(search.get('return'));
  const type = emailEditorType(pathname, returnTo, user);
  const onProject = pathname.startsWith('/store/projects/');
  const owner = type === 'admin' ? 'styles' : onProject ? 'projects' : 'certificates';
  const record = useQuery({
    queryKey: emailEditorKeys.record(owner, id),
    queryFn: () => getEmailRecord(owner, id),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  if (record.isPending) {
    return (
      <Center mih={360} role="status" aria-label="Loading the email">
        <Stack align="center" gap="sm">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Opening the email…
          </Text>
        </Stack>
      </Center>
    );
  }

  if (record.isError) {
    const missing = record.error instanceof ApiError && record.error.status === 404;
    return (
      <Center mih={360}>
        <Paper withBorder p="xl" maw={460} ta="center">
          <Stack align="center" gap="sm">
            <IconMailOff size={40} stroke={1.4} color="var(--mantine-color-stone-5)" />
            <Title order={2} fz={20}>
              {missing ? (onProject ? 'This project was not found' : 'This certificate was not found') : 'The email could not be opened'}
            </Title>
            <Text size="sm" c="dimmed">
              {missing ? 'It may have been deleted, or it belongs to another account.' : errorMessage(record.error)}
            </Text>
            {missing ? (
              <Button component={Link} to={type === 'admin' ? '/admin/build' : onProject ? '/store' : '/build'}>
                {onProject ? 'Back to projects' : 'Back to certificates'}
              </Button>
            ) : (
              <Button onClick={() => void record.refetch()}>Try again</Button>
            )}
          </Stack>
        </Paper>
      </Center>
    );
  }

  return <EmailEditor key={`${owner}-${id}`} owner={owner} id={id} record={record.data} type={type} user={user} returnTo={returnTo} />;
}
