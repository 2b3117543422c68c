import { startsWithSegment } from '@laurel/domain';
import { Box, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import classes from './NavLinks.module.css';
import type { NavItem } from './navigation.tsx';

/**
 * Active when the path is the item or below it, unless a more specific item of the same list
 * claims it (Templates /admin/build must not light up on /admin/build/images).
 */
function isActive(item: NavItem, path: string, siblings: readonly NavItem[]): boolean {
  const matches = (to: string) => startsWithSegment(path, to);
  if (!matches(item.to) && !(item.alsoActiveOn ?? []).some(matches)) return false;
  return !siblings.some((other) => other !== item && other.to.length > item.to.length && matches(other.to) && other.to.startsWith(item.to));
}

/** One navigation link, marked as the current page when it is. */
function NavLink({
  item,
  siblings,
  className,
  onNavigate,
}: {
  item: NavItem;
  siblings: readonly NavItem[];
  className?: string;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const active = isActive(item, pathname, siblings);
  return (
    <Link
      to={item.to}
      className={className}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      <item.icon size={17} stroke={1.7} aria-hidden />
      {item.label}
    </Link>
  );
}

export function TopNavLinks({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  return (
    <>
      {items.map((item) => (
        <NavLink key={item.to} item={item} siblings={items} className={classes.topLink} onNavigate={onNavigate} />
      ))}
    </>
  );
}

interface SideNavProps {
  groups: readonly { group: string; items: readonly NavItem[] }[];
  label: string;
  onNavigate?: () => void;
}

export function SideNav({ groups, label, onNavigate }: SideNavProps) {
  const all = groups.flatMap((g) => g.items);
  return (
    <Box component="nav" aria-label={label}>
      {groups.map((group) => (
        <Box key={group.group}>
          <div className={classes.groupLabel}>{group.group}</div>
          <Stack gap={2}>
            {group.items.map((item) => (
              <NavLink key={item.to} item={item} siblings={all} className={classes.sideLink} onNavigate={onNavigate} />
            ))}
          </Stack>
        </Box>
      ))}
    </Box>
  );
}
