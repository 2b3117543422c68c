import { upgradeMessage } from '@laurel/domain';
import { Anchor, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { Link } from 'react-router';
import type { SectionProps } from './types.ts';

/**
 * The block that invites the recipient to the account's portal, where all their certificates are. The portal
 * comes with a paid plan: without one the email leaves the block out, whatever is set here, and says so.
 */
export function PortalLinkSection({ design, onChange, readOnly, errors, available }: SectionProps & { available: boolean }) {
  const shown = !design.hide_recipient_portal_link && !design.portal_link.hidden;
  const portal = design.portal_link;
  return (
    <Stack gap="sm">
      {!available && (
        <Text size="sm" c="dimmed">
          {upgradeMessage('recipient_portal')} Until then, emails go out without this link.{' '}
          <Anchor component={Link} to="/account/subscription" underline="always">
            See plans
          </Anchor>
        </Text>
      )}
      <Switch
        label="Show the recipient portal link"
        checked={shown}
        onChange={(e) => {
          const hidden = !e.currentTarget.checked;
          onChange({ hide_recipient_portal_link: hidden, portal_link: { ...portal, hidden } });
        }}
        disabled={readOnly}
      />
      {shown && (
        <>
          <TextInput
            label="Title"
            value={portal.title_text}
            maxLength={200}
            onChange={(e) => onChange({ portal_link: { ...portal, title_text: e.currentTarget.value } })}
            readOnly={readOnly}
          />
          <Textarea
            label="Instruction"
            autosize
            minRows={2}
            maxLength={500}
            value={portal.button_instruction_text}
            onChange={(e) => onChange({ portal_link: { ...portal, button_instruction_text: e.currentTarget.value } })}
            readOnly={readOnly}
          />
          <TextInput
            label="Link text"
            required
            maxLength={200}
            value={portal.link_text}
            onChange={(e) => onChange({ portal_link: { ...portal, link_text: e.currentTarget.value } })}
            readOnly={readOnly}
            error={errors['portal_link.link_text']}
          />
        </>
      )}
    </Stack>
  );
}
