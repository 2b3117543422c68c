import { defaultFooterText, EMAIL_FOOTER_LANGUAGES, EMAIL_FOOTERS, type EmailFooterLanguage } from '@laurel/domain';
import { Checkbox, Group, Paper, Select, Stack, Switch, Text } from '@mantine/core';
import type { SectionProps } from './types.ts';

const LANGUAGE_OPTIONS = EMAIL_FOOTER_LANGUAGES.map((code) => ({ value: code, label: EMAIL_FOOTERS[code].label }));
const NETWORKS = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'twitter', label: 'X (Twitter)' },
  { key: 'linkedin', label: 'LinkedIn' },
  { key: 'pinterest', label: 'Pinterest' },
] as const;

/** The translated footer every message ends with, and the share icons above it. */
export function FooterSection({
  design,
  onChange,
  readOnly,
  onLanguageChange,
}: SectionProps & { onLanguageChange: (language: EmailFooterLanguage) => void }) {
  const socials = design.footer_socials;
  const footer = EMAIL_FOOTERS[design.email_footer_lang];
  return (
    <Stack gap="md">
      <Select
        label="Footer language"
        data={LANGUAGE_OPTIONS}
        value={design.email_footer_lang}
        onChange={(value) => value && onLanguageChange(value as EmailFooterLanguage)}
        allowDeselect={false}
        readOnly={readOnly}
        w={{ base: '100%', sm: 260 }}
      />
      <Paper withBorder radius="md" p="sm" bg="stone.0" lang={footer.lang} dir={footer.dir} aria-label="Footer text">
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
          {defaultFooterText(design.email_footer_lang)}
        </Text>
      </Paper>
      <Switch
        label="Show share icons"
        description="Recipients can share their achievement in one click."
        checked={socials.showIcons === 'yes'}
        onChange={(e) => onChange({ footer_socials: { ...socials, showIcons: e.currentTarget.checked ? 'yes' : 'no' } })}
        disabled={readOnly}
      />
      {socials.showIcons === 'yes' && (
        <Group gap="lg" role="group" aria-label="Share icons">
          {NETWORKS.map((n) => (
            <Checkbox
              key={n.key}
              label={n.label}
              checked={socials[n.key] === 'yes'}
              onChange={(e) => onChange({ footer_socials: { ...socials, [n.key]: e.currentTarget.checked ? 'yes' : 'no' } })}
              disabled={readOnly}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}
