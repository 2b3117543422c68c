import { Group, Text, ThemeIcon, Title, type TitleOrder } from '@mantine/core';
import type { ReactNode } from 'react';

interface VerifyCardHeadingProps {
  icon: ReactNode;
  /** The heading's id, which the card names itself by (`aria-labelledby`). */
  id: string;
  title: string;
  order: TitleOrder;
  children: ReactNode;
}

/** The top of each of the verify page's cards: an icon in a circle, the card's title and what it does. */
export function VerifyCardHeading({ icon, id, title, order, children }: VerifyCardHeadingProps) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      <ThemeIcon size={44} radius="xl" variant="light" color="laurel">
        {icon}
      </ThemeIcon>
      <div>
        <Title order={order} fz={order === 1 ? 24 : 20} id={id}>
          {title}
        </Title>
        <Text c="dimmed" mt={4}>
          {children}
        </Text>
      </div>
    </Group>
  );
}
