import { Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { RegisterValues } from './register-form.ts';

/** Step 1, 'Your details': who is registering. A signed-in recipient keeps their own address. */
export function DetailsStep({ form, emailLocked }: { form: UseFormReturnType<RegisterValues>; emailLocked: boolean }) {
  return (
    <Stack gap="md" data-testid="register-step-1">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput label="First name" autoComplete="given-name" autoFocus {...form.getInputProps('first_name')} />
        <TextInput label="Last name" autoComplete="family-name" {...form.getInputProps('last_name')} />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        readOnly={emailLocked}
        description={emailLocked ? 'The new account is created for the address you are signed in with.' : undefined}
        {...form.getInputProps('email')}
      />
      <Group>
        <Checkbox
          label="Send me product news and tips (occasionally, unsubscribe any time)"
          {...form.getInputProps('opt_in', { type: 'checkbox' })}
        />
      </Group>
    </Stack>
  );
}
