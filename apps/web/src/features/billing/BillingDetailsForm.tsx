import { type BillingCard, type BillingDetails, COUNTRIES, statesOf } from '@laurel/domain';
import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

export interface DetailsValues {
  name: string;
  address_line1: string;
  address_city: string;
  address_state: string;
  address_zip: string;
  address_country: string;
  exp_month: string;
  exp_year: string;
}

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));
const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
/** docs/product/billing-and-credits.md#rules-and-limits: the expiry year runs from this year across 11 years. */
const years = () => Array.from({ length: 11 }, (_, i) => String(new Date().getFullYear() + i));

/** The form's values from the card on file; the spec's default country is the US. */
export function detailsFrom(card: BillingCard | null): DetailsValues {
  return {
    name: card?.name ?? '',
    address_line1: card?.address_line1 ?? '',
    address_city: card?.address_city ?? '',
    address_state: card?.address_state ?? '',
    address_zip: card?.address_zip ?? '',
    address_country: card?.address_country ?? 'US',
    exp_month: card ? String(card.exp_month).padStart(2, '0') : '',
    exp_year: card ? String(card.exp_year) : '',
  };
}

/** What the server takes: empty fields left out, the expiry only when the card's own is being edited. */
export function detailsBody(values: DetailsValues, withExpiry: boolean): BillingDetails {
  const body: BillingDetails = {};
  for (const key of ['name', 'address_line1', 'address_city', 'address_state', 'address_zip', 'address_country'] as const)
    if (values[key].trim()) body[key] = values[key].trim();
  if (withExpiry && values.exp_month) body.exp_month = Number(values.exp_month);
  if (withExpiry && values.exp_year) body.exp_year = Number(values.exp_year);
  return body;
}

export const detailsValidation = {
  name: (value: string) => (value.trim() ? null : 'Enter the name on the card.'),
  address_line1: (value: string) => (value.trim() ? null : 'Enter the billing address.'),
  address_city: (value: string) => (value.trim() ? null : 'Enter the city.'),
  address_zip: (value: string) => (value.trim() ? null : 'Enter the postal code.'),
  address_country: (value: string) => (value ? null : 'Choose a country.'),
  address_state: (value: string, values: DetailsValues) => (statesOf(values.address_country) && !value ? 'Choose a state.' : null),
};

/** Name, address and (for the card on file) expiry; the state list follows the country, and is cleared with it. */
export function BillingDetailsFields({ form, withExpiry }: { form: UseFormReturnType<DetailsValues>; withExpiry: boolean }) {
  const states = statesOf(form.values.address_country);
  return (
    <Stack gap="md">
      <TextInput label="Name on card" autoComplete="cc-name" maxLength={200} withAsterisk {...form.getInputProps('name')} />
      <TextInput label="Address" autoComplete="address-line1" maxLength={200} withAsterisk {...form.getInputProps('address_line1')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label="City" autoComplete="address-level2" maxLength={100} withAsterisk {...form.getInputProps('address_city')} />
        <TextInput
          label="ZIP / postal code"
          autoComplete="postal-code"
          maxLength={20}
          withAsterisk
          {...form.getInputProps('address_zip')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          searchable
          allowDeselect={false}
          withAsterisk
          {...form.getInputProps('address_country')}
          onChange={(value) => {
            form.setFieldValue('address_country', value ?? '');
            form.setFieldValue('address_state', '');
          }}
        />
        {states ? (
          <Select
            label="State"
            data={states.map(([value, label]) => ({ value, label }))}
            searchable
            withAsterisk
            {...form.getInputProps('address_state')}
            onChange={(value) => form.setFieldValue('address_state', value ?? '')}
          />
        ) : (
          <TextInput label="State" value="" disabled placeholder="Not used for this country" />
        )}
      </SimpleGrid>
      {withExpiry && (
        <SimpleGrid cols={2} spacing="md">
          <Select label="Expiry month" data={MONTHS} allowDeselect={false} {...form.getInputProps('exp_month')} />
          <Select label="Expiry year" data={years()} allowDeselect={false} {...form.getInputProps('exp_year')} />
        </SimpleGrid>
      )}
    </Stack>
  );
}
