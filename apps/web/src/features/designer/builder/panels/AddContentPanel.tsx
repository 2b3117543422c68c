import { Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBraces,
  IconCalendarDue,
  IconCrown,
  IconHash,
  IconLetterT,
  IconLineDashed,
  IconPaperclip,
  IconPhoto,
  IconQrcode,
  IconSignature,
  IconTexture,
  IconUserCircle,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './AddContentPanel.module.css';

export type AddKind =
  | 'text'
  | 'dynamic'
  | 'name-sep'
  | 'name-one'
  | 'image'
  | 'logo'
  | 'qrcode'
  | 'certificate_number'
  | 'expiration_date'
  | 'line';

interface AddContentPanelProps {
  disabled: boolean;
  gated: { logo: boolean; qrcode: boolean };
  onAdd: (kind: AddKind) => void;
  onBackground: () => void;
  onAttach: (() => void) | null;
}

function Tile({
  icon,
  label,
  onClick,
  disabled,
  locked,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  disabled: boolean;
  locked?: boolean;
}) {
  return (
    <UnstyledButton className={classes.tile} onClick={onClick} disabled={disabled} aria-label={`Add ${label.toLowerCase()}`}>
      <span className={classes.icon}>{icon}</span>
      <Text size="xs" fw={500} lh={1.2} ta="center">
        {label}
      </Text>
      {locked && <IconCrown size={12} className={classes.crown} aria-label="Upgrade needed" />}
    </UnstyledButton>
  );
}

/** docs/product/builder.md#editing-a-design Add content: every kind of element, plus the background and the email's attachments. */
export function AddContentPanel({ disabled, gated, onAdd, onBackground, onAttach }: AddContentPanelProps) {
  return (
    <Stack gap="lg" className={classes.panel} component="aside" aria-label="Add content">
      <div>
        <Text className={classes.heading}>Add content</Text>
        <div className={classes.grid}>
          <Tile icon={<IconLetterT size={20} />} label="Text" disabled={disabled} onClick={() => onAdd('text')} />
          <Tile icon={<IconBraces size={20} />} label="Merge field" disabled={disabled} onClick={() => onAdd('dynamic')} />
          <Menu position="right-start" withArrow disabled={disabled}>
            <Menu.Target>
              <UnstyledButton className={classes.tile} disabled={disabled} aria-label="Add name">
                <span className={classes.icon}>
                  <IconUserCircle size={20} />
                </span>
                <Text size="xs" fw={500} lh={1.2} ta="center">
                  Name
                </Text>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>Recipient name</Menu.Label>
              <Menu.Item onClick={() => onAdd('name-sep')}>First and last name</Menu.Item>
              <Menu.Item onClick={() => onAdd('name-one')}>One combined name</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          <Tile icon={<IconPhoto size={20} />} label="Image" disabled={disabled} onClick={() => onAdd('image')} />
          <Tile icon={<IconSignature size={20} />} label="Logo" disabled={disabled} locked={!gated.logo} onClick={() => onAdd('logo')} />
          <Tile
            icon={<IconQrcode size={20} />}
            label="QR code"
            disabled={disabled}
            locked={!gated.qrcode}
            onClick={() => onAdd('qrcode')}
          />
          <Tile icon={<IconHash size={20} />} label="Certificate number" disabled={disabled} onClick={() => onAdd('certificate_number')} />
          <Tile icon={<IconCalendarDue size={20} />} label="Expiration date" disabled={disabled} onClick={() => onAdd('expiration_date')} />
          <Tile icon={<IconLineDashed size={20} />} label="Line" disabled={disabled} onClick={() => onAdd('line')} />
        </div>
      </div>
      <div>
        <Text className={classes.heading}>Page</Text>
        <div className={classes.grid}>
          <Tile icon={<IconTexture size={20} />} label="Background" disabled={disabled} onClick={onBackground} />
          {onAttach && <Tile icon={<IconPaperclip size={20} />} label="Attach files" disabled={false} onClick={onAttach} />}
        </div>
      </div>
    </Stack>
  );
}
