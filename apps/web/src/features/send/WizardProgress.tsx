import { Box, Group, Progress, Stepper, Text } from '@mantine/core';

/** The six steps an issuer goes through (docs/product/send-wizard.md#screens: select, import, preview, save, send; mapping shown on its own). */
export const WIZARD_STEPS = [
  { label: 'Certificate', description: 'Choose a design' },
  { label: 'Recipients', description: 'Import your list' },
  { label: 'Columns', description: 'Match the fields' },
  { label: 'Preview', description: 'Check every row' },
  { label: 'Save', description: 'Name the project' },
  { label: 'Send', description: 'Email certificates' },
] as const;

export const STEP_INDEX = { select: 0, import: 1, map: 2, preview: 3, save: 4, send: 5 } as const;

/**
 * Where the issuer is in the wizard: the full stepper on wide screens, a compact "step n of 6" with
 * a bar on phones, where six labelled steps do not fit.
 */
export function WizardProgress({ active, skipped = [], done = false }: { active: number; skipped?: number[]; done?: boolean }) {
  const step = WIZARD_STEPS[active]!;
  return (
    <Box mb="xl">
      <Stepper active={done ? WIZARD_STEPS.length : active} size="sm" visibleFrom="md" allowNextStepsSelect={false} aria-label="Send steps">
        {WIZARD_STEPS.map((s, index) => (
          <Stepper.Step key={s.label} label={s.label} description={skipped.includes(index) ? 'Not needed' : s.description} />
        ))}
      </Stepper>
      <Box hiddenFrom="md">
        <Group justify="space-between" mb={6} wrap="nowrap">
          <Text size="sm" fw={600}>
            {step.label}
            <Text span c="dimmed" fw={400}>
              {' '}
              · {step.description}
            </Text>
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {done ? 'Done' : `Step ${active + 1} of ${WIZARD_STEPS.length}`}
          </Text>
        </Group>
        <Progress
          value={done ? 100 : ((active + 1) / WIZARD_STEPS.length) * 100}
          size="sm"
          radius="xl"
          aria-label={`Step ${active + 1} of ${WIZARD_STEPS.length}`}
        />
      </Box>
    </Box>
  );
}
