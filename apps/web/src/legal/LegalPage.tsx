import { LEGAL_PAGE_TITLES, type LegalPageName } from '@laurel/domain';
import { Box, Card, Container, Skeleton, Stack, Text, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { LoadFailed } from '../components/LoadFailed.tsx';
import { PublicPageHeader } from '../components/PublicPageHeader.tsx';
import { TermsText } from '../components/terms-text.tsx';
import { getLegalPage } from './api.ts';
import { PrivacyText } from './PrivacyText.tsx';

const DEFAULTS = { privacy: PrivacyText, terms: TermsText } as const;

/** /privacy and /terms: public, the text a super-admin wrote in Admin settings or the default until then. */
function LegalPage({ page }: { page: LegalPageName }) {
  const legal = useQuery({ queryKey: ['legal', page], queryFn: () => getLegalPage(page) });
  const Default = DEFAULTS[page];
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
            {legal.isError && (
              <LoadFailed
                title={`The ${title.toLowerCase()} could not be loaded`}
                error={legal.error}
                onRetry={() => void legal.refetch()}
              />
            )}
            {legal.isPending && <Skeleton h={200} />}
            {legal.data &&
              (legal.data.content ? (
                <Typography data-testid="legal-content">
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server sanitises the text and DOMPurify cleans it again here */}
                  <div dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(legal.data.content, { ADD_ATTR: ['target'] }) }} />
                </Typography>
              ) : (
                <Default />
              ))}
          </Stack>
        </Card>
      </Container>
    </Box>
  );
}

export const PrivacyPage = () => <LegalPage page="privacy" />;
export const TermsPage = () => <LegalPage page="terms" />;
