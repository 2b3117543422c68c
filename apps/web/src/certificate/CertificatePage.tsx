import { Anchor, Avatar, Box, Button, Card, Container, CopyButton, Grid, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandLinkedin, IconCertificateOff, IconCheck, IconDownload, IconLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../api/errors.ts';
import { EmptyPanel } from '../components/EmptyPanel.tsx';
import { PublicPageHeader } from '../components/PublicPageHeader.tsx';
import { getPublicCertificate } from './api.ts';
import { VerificationPanel } from './VerificationPanel.tsx';

/** Laid across a revoked certificate's image, so a screenshot of the page cannot pass for a valid one. */
function RevokedStamp() {
  return (
    <Box
      pos="absolute"
      inset={0}
      style={{ display: 'grid', placeItems: 'center', pointerEvents: 'none' }}
      aria-hidden
      data-testid="revoked-stamp"
    >
      <Text
        fw={800}
        c="red.7"
        style={{
          fontSize: 'clamp(28px, 8vw, 72px)',
          letterSpacing: '0.12em',
          border: '6px solid currentColor',
          borderRadius: 12,
          padding: '4px 24px',
          transform: 'rotate(-14deg)',
          background: 'rgba(255,255,255,0.75)',
        }}
      >
        REVOKED
      </Text>
    </Box>
  );
}

/**
 * The page a recipient's email links to, and the one a verifier reaches from the QR code: the
 * certificate itself, its download and sharing, and whether it is genuine and in force.
 */
export function CertificatePage() {
  const { token = '' } = useParams();
  const { data, isLoading, isError, error } = useQuery({
    queryKey: ['public-certificate', token],
    queryFn: () => getPublicCertificate(token),
    retry: false,
  });

  const revoked = data?.status === 'revoked';
  return (
    <Box mih="100vh" bg="var(--mantine-color-stone-0, #f7f7f4)">
      <PublicPageHeader
        title={data?.issuer.name ?? 'Certificate'}
        width={1120}
        logo={data?.issuer.imagepath ? <Avatar src={data.issuer.imagepath} alt="" radius="md" size={36} /> : undefined}
      />
      <Container size={1120} py={{ base: 'lg', sm: 48 }}>
        {isLoading && (
          <Grid gap="xl">
            <Grid.Col span={{ base: 12, md: 8 }}>
              <Skeleton height={460} radius="md" />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 4 }}>
              <Skeleton height={320} radius="md" />
            </Grid.Col>
          </Grid>
        )}
        {isError && error instanceof ApiError && error.status === 410 && (
          <EmptyPanel
            icon={<IconCertificateOff size={26} stroke={1.6} />}
            title={error.body.message}
            description="The organisation that issued this certificate has closed its account, so it can no longer be viewed or verified here."
          />
        )}
        {isError && !(error instanceof ApiError && error.status === 410) && (
          <EmptyPanel
            icon={<IconCertificateOff size={26} stroke={1.6} />}
            title="Certificate not found"
            description="This link does not lead to a certificate. Check that it was copied whole, or ask the issuer for a new one."
          />
        )}
        {data && (
          <Stack gap="xl">
            <div>
              <Text size="sm" c="stone.6" fw={500}>
                {data.certificate_name}
              </Text>
              <Title order={1} data-testid="recipient-name">
                {data.recipient_name}
              </Title>
            </div>
            <Grid gap="xl" align="flex-start">
              <Grid.Col span={{ base: 12, md: 8 }}>
                <Card padding={0} shadow="md" radius="md" withBorder pos="relative">
                  <Image
                    src={data.image_url}
                    alt={`${data.certificate_name} awarded to ${data.recipient_name}${revoked ? ' (revoked)' : ''}`}
                    data-testid="certificate-image"
                    style={revoked ? { filter: 'grayscale(1)', opacity: 0.55 } : undefined}
                  />
                  {revoked && <RevokedStamp />}
                </Card>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 4 }}>
                <Stack gap="lg">
                  <Card padding="lg" shadow="xs" radius="md" withBorder>
                    <Stack gap="sm">
                      {!revoked && (
                        <>
                          <Button component="a" href={data.pdf_url} download leftSection={<IconDownload size={18} />} size="md">
                            Download PDF
                          </Button>
                          <Button
                            component="a"
                            href={data.linkedin_url}
                            target="_blank"
                            rel="noopener noreferrer"
                            variant="light"
                            color="blue"
                            leftSection={<IconBrandLinkedin size={18} />}
                          >
                            Add to LinkedIn profile
                          </Button>
                        </>
                      )}
                      <CopyButton value={data.url}>
                        {({ copied, copy }) => (
                          <Button variant="default" onClick={copy} leftSection={copied ? <IconCheck size={18} /> : <IconLink size={18} />}>
                            {copied ? 'Link has been copied to clipboard' : 'Copy link to share'}
                          </Button>
                        )}
                      </CopyButton>
                    </Stack>
                  </Card>
                  <Card padding="lg" shadow="xs" radius="md" withBorder>
                    <VerificationPanel certificate={data} />
                  </Card>
                  <Text size="xs" c="stone.6">
                    Anyone with this link can see and verify this certificate.{' '}
                    <Anchor component={Link} to="/verify" size="xs">
                      Verify another certificate
                    </Anchor>
                    {' · '}
                    <Anchor href="/" size="xs">
                      Issue certificates with Laurel
                    </Anchor>
                  </Text>
                </Stack>
              </Grid.Col>
            </Grid>
          </Stack>
        )}
      </Container>
    </Box>
  );
}
