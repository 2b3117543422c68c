import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLayoutGrid, IconPlus, IconRectangle, IconRectangleVertical, IconTemplate } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SectionPage } from '../../components/SectionPage.tsx';

const STARTS = [
  { icon: IconRectangle, title: 'Landscape', text: 'Letter or A4, the classic certificate layout.' },
  { icon: IconRectangleVertical, title: 'Portrait', text: 'For diplomas, awards and letters of recognition.' },
  { icon: IconTemplate, title: 'From a template', text: 'Start from a professionally designed layout.' },
] as const;

/** Build: the account's certificate sets (front, back and delivery email). */
export function BuildPage() {
  return (
    <SectionPage
      def={{
        eyebrow: 'Build',
        title: 'Certificate designs',
        description: 'Design the certificate and the email that delivers it. Each design is a certificate set you can send again and again.',
        icon: <IconLayoutGrid size={26} stroke={1.6} />,
        headerAction: (
          <Button component={Link} to="/build?new=1" leftSection={<IconPlus size={16} />}>
            New certificate
          </Button>
        ),
        empty: {
          title: 'Create your first certificate',
          description: 'Pick a layout, add your logo and the recipient’s name, and preview it exactly as it will be sent.',
          action: { label: 'Create your first certificate', to: '/build?new=1', icon: <IconPlus size={16} /> },
        },
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {STARTS.map((start) => (
          <Card key={start.title} component={Link} to="/build?new=1" padding="lg" shadow="xs" style={{ textDecoration: 'none' }}>
            <Stack gap="xs">
              <ThemeIcon variant="light" size={38} radius="md">
                <start.icon size={20} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>{start.title}</Text>
              <Text size="sm" c="stone.6">
                {start.text}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </SectionPage>
  );
}
