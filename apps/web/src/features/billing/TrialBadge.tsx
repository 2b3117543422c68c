import { type AccountDto, trialLabel } from '@laurel/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/**
 * A running free trial, named the same on every screen: "Trial · Professional features · 9 days left"
 * (docs/product/billing-and-credits.md#the-free-trial). Nothing once the trial ended or while a plan is held.
 */
export function TrialBadge({ account, ...props }: { account: Pick<AccountDto, 'trial'> } & BadgeProps) {
  if (!account.trial?.running) return null;
  return (
    <Badge variant="light" color="gilt" tt="none" data-testid="trial-badge" {...props}>
      {trialLabel(account.trial)}
    </Badge>
  );
}
