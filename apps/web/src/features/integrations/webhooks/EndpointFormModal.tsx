import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENT_TYPES, type WebhookEndpoint, type WebhookEventType } from '@laurel/domain';
import { Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessages } from '../../../shared/api/errors.ts';
import { FormError } from '../../../shared/forms/FormError.tsx';

export interface EndpointValues {
  url: string;
  description: string;
  events: WebhookEventType[];
  enabled: boolean;
}

/** Adds an endpoint (`endpoint` null) or edits one: its address, what it is for, its events, on or off. */
export function EndpointFormModal({
  endpoint,
  onClose,
  onSave,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSave: (values: EndpointValues) => Promise<void>;
}) {
  const [values, setValues] = useState<EndpointValues>(
    endpoint
      ? { url: endpoint.url, description: endpoint.description, events: endpoint.events, enabled: endpoint.enabled }
      : { url: '', description: '', events: [...WEBHOOK_EVENT_TYPES], enabled: true },
  );
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setErrors([]);
    try {
      await onSave(values);
    } catch (error) {
      setErrors(errorMessages(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={endpoint ? 'Edit endpoint' : 'Add endpoint'} size="lg">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack>
          {errors.length > 0 && <FormError>{errors[0]}</FormError>}
          <TextInput
            label="Endpoint URL"
            placeholder="https://example.com/hooks/laurel"
            required
            value={values.url}
            onChange={(e) => setValues({ ...values, url: e.currentTarget.value })}
          />
          <TextInput
            label="Description"
            placeholder="CRM sync"
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.currentTarget.value })}
          />
          <Checkbox.Group
            label="Events"
            value={values.events}
            onChange={(events) => setValues({ ...values, events: events as WebhookEventType[] })}
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={`${type} — ${WEBHOOK_EVENT_LABELS[type]}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch label="Enabled" checked={values.enabled} onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={busy}>
              {endpoint ? 'Save endpoint' : 'Add endpoint'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
