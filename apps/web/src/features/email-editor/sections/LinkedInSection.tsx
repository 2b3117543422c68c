import { Anchor, Stack, Switch, Text, TextInput } from '@mantine/core';
import type { SectionProps } from './types.ts';

/**
 * The 'Add to LinkedIn profile' button. It needs a paid plan: without one, turning it on asks the
 * issuer to upgrade instead.
 */
export function LinkedInSection({
  design,
  onChange,
  readOnly,
  errors,
  paid,
  onUpgrade,
}: SectionProps & { paid: boolean; onUpgrade: () => void }) {
  return (
    <Stack gap="sm">
      <Switch
        label="Add a LinkedIn “Add to profile” button"
        description="Recipients add the certificate to their LinkedIn profile, naming your organisation."
        checked={design.show_linkedin}
        onChange={(e) => {
          if (e.currentTarget.checked && !paid) onUpgrade();
          else onChange({ show_linkedin: e.currentTarget.checked });
        }}
        disabled={readOnly}
      />
      {design.show_linkedin && (
        <TextInput
          label="LinkedIn organization ID"
          description={
            <Text span size="xs">
              The number in your company page’s admin address, such as linkedin.com/company/<b>1234567</b>/admin. Leave it empty to use your
              account name.{' '}
              <Anchor href="https://www.linkedin.com/help/linkedin/answer/a548629" target="_blank" rel="noopener noreferrer" size="xs">
                Where to find it
              </Anchor>
            </Text>
          }
          inputMode="numeric"
          maxLength={20}
          value={design.linkedin_org_id}
          onChange={(e) => onChange({ linkedin_org_id: e.currentTarget.value.replace(/\D/g, '') })}
          readOnly={readOnly}
          error={errors.linkedin_org_id}
        />
      )}
    </Stack>
  );
}
