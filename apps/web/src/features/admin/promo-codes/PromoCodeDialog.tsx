import { PROMO_MESSAGES, type PromoCode, type PromoCodeInput, type PromoType } from '@laurel/domain';
import { Alert, Button, Group, Modal, NumberInput, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../shared/api/errors.ts';

export const TYPE_LABELS: Record<PromoType, string> = {
  'first-time-registering': 'Credits at registration',
  percentage: 'Percentage off a purchase',
  default: 'Credits at registration (older codes)',
};

interface Values {
  name: string;
  promo_value: string;
  type: PromoType;
  amount: number | '';
  usage_limit: number | '';
  expire_date: string;
  is_active: boolean;
}

const EMPTY: Values = {
  name: '',
  promo_value: '',
  type: 'first-time-registering',
  amount: '',
  usage_limit: '',
  expire_date: '',
  is_active: true,
};

const fromCode = (code: PromoCode): Values => ({
  name: code.name,
  promo_value: code.promo_value,
  type: code.type,
  amount: code.amount,
  usage_limit: code.usage_limit ?? '',
  expire_date: code.expire_date ?? '',
  is_active: code.is_active,
});

/** The same rules the server applies, checked before sending so each field says what is wrong. */
function problems(values: Values): Partial<Record<keyof Values, string>> {
  const out: Partial<Record<keyof Values, string>> = {};
  if (!values.name.trim()) out.name = PROMO_MESSAGES.nameRequired;
  if (values.promo_value && !/^[A-Za-z0-9-]+$/.test(values.promo_value.trim())) out.promo_value = PROMO_MESSAGES.valueFormat;
  if (values.amount === '' || values.amount < 1) out.amount = PROMO_MESSAGES.amountRequired;
  else if (values.type === 'percentage' && values.amount > 100) out.amount = PROMO_MESSAGES.percentageRange;
  if (values.usage_limit !== '' && values.usage_limit < 1) out.usage_limit = PROMO_MESSAGES.usageLimit;
  return out;
}

interface Props {
  /** The code being edited; null creates one. */
  code: PromoCode | null;
  onClose(): void;
  onSave(input: PromoCodeInput): Promise<void>;
}

/** Create or edit a promo code (docs/product/billing-and-credits.md#flows: edit mode versus create mode). */
export function PromoCodeDialog({ code, onClose, onSave }: Props) {
  const [values, setValues] = useState<Values>(code ? fromCode(code) : EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest as typeof errors);
  };

  const submit = async () => {
    const found = problems(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    setSaving(true);
    setFailure(null);
    try {
      await onSave({
        name: values.name.trim(),
        promo_value: values.promo_value.trim() || null,
        type: values.type,
        amount: Number(values.amount),
        usage_limit: values.usage_limit === '' ? null : Number(values.usage_limit),
        expire_date: values.expire_date || null,
        is_active: values.is_active,
      });
    } catch (error) {
      const field = error instanceof ApiError ? (error.body.field as keyof Values | undefined) : undefined;
      if (field && field in EMPTY) setErrors({ [field]: errorMessage(error) });
      else setFailure(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const percentage = values.type === 'percentage';
  return (
    <Modal opened onClose={onClose} title={code ? `Edit ${code.promo_value}` : 'New promo code'} size="lg">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <TextInput
          label="Name"
          description="For you: the campaign or partner the code is for."
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          required
          data-autofocus
        />
        <TextInput
          label="Code"
          description={code ? 'What people type. Changing it stops the old code from working.' : 'Leave empty to generate one.'}
          value={values.promo_value}
          onChange={(e) => set('promo_value', e.currentTarget.value.toUpperCase())}
          error={errors.promo_value}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', letterSpacing: '0.04em' } }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Select
            label="Type"
            data={(['first-time-registering', 'percentage', 'default'] as const).map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={values.type}
            onChange={(value) => value && set('type', value as PromoType)}
            allowDeselect={false}
          />
          <NumberInput
            label={percentage ? 'Discount (%)' : 'Credits'}
            description={percentage ? 'Off the first payment of a checkout.' : 'Given once to the new account.'}
            value={values.amount}
            onChange={(value) => set('amount', value === '' ? '' : Number(value))}
            error={errors.amount}
            min={1}
            allowDecimal={false}
            required
          />
          <NumberInput
            label="Usage limit"
            description="Empty for no limit."
            value={values.usage_limit}
            onChange={(value) => set('usage_limit', value === '' ? '' : Number(value))}
            error={errors.usage_limit}
            min={1}
            allowDecimal={false}
          />
          <TextInput
            label="Expires after"
            description="The last day it works. Empty for no end."
            type="date"
            value={values.expire_date}
            onChange={(e) => set('expire_date', e.currentTarget.value)}
            error={errors.expire_date}
          />
        </SimpleGrid>
        <Switch label="Active" checked={values.is_active} onChange={(e) => set('is_active', e.currentTarget.checked)} />
        {code && code.used_count > 0 && (
          <Text size="sm" c="stone.6">
            Used {code.used_count} {code.used_count === 1 ? 'time' : 'times'}. Changes apply to its next uses; what it already gave stays.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={saving}>
            {code ? 'Save changes' : 'Create code'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
