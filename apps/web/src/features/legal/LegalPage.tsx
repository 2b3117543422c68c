import { LEGAL_PAGE_TITLES, type LegalPageName } from '@laurel/domain';
import { Box, Card, Container, Stack, Text, Title } from '@mantine/core';
import { PublicPageHeader } from '../../shared/components/PublicPageHeader.tsx';
import { LegalText, useLegalPage } from './LegalText.tsx';

/** /privacy and /terms: public, the text a super-admin wrote in Admin settings or the default until then. */
function LegalPage({ page }: { page: LegalPageName }) {
  const legal = useLegalPage(page);
  const title = LEGAL_PAGE_TITLES[page];
  return (
    <Box mih="100vh" bg="stone.0">
      <PublicPageHeader title="Laurel" width={760} />
      <Container size={760} py="xl">
        <Card padding="xl" shadow="xs" radius="md">
          <Stack gap="md">
            <Title order={1} fz={26}>
              {title}
            </Title>
            {legal.data?.updated_at && (
              <Text size="xs" c="stone.6">
                Last updated {new Date(legal.data.updated_at).toLocaleDateString('en-US', { dateStyle: 'long' })}
              </Text>
            )}
            <LegalText page={page} title={title} />
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}

export const PrivacyPage = () => <LegalPage page="privacy" />;
export const TermsPage = () => <LegalPage page="terms" />;
