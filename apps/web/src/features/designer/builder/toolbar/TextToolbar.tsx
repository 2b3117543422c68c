import { certificateFontFamilies, type Element, EXPIRATION_DATE_FORMATS, type ExpirationDateFormat } from '@laurel/certificate';
import type { CustomFont } from '@laurel/domain';
import { ActionIcon, ColorInput, Divider, Group, Menu, Select, Tooltip } from '@mantine/core';
import { IconAlignCenter, IconAlignLeft, IconAlignRight, IconBold, IconItalic, IconUnderline } from '@tabler/icons-react';
import type { Dispatch } from 'react';
import { FontName, faceFamily, previewFace } from '../fonts/FontName.tsx';
import type { EditorAction } from '../state/actions.ts';
import classes from './EditorToolbar.module.css';
import { FontSizeInput } from './FontSizeInput.tsx';
import { ToolButton } from './ToolButton.tsx';

const BUILT_IN = certificateFontFamilies();
const ADD_FONT = '__add-font__';
const REMOVE_FONTS = '__remove-fonts__';
const SWATCHES = [
  '#000000',
  '#1f2937',
  '#6b7280',
  '#ffffff',
  '#0000ff',
  '#1e3a8a',
  '#0f766e',
  '#15803d',
  '#b45309',
  '#b91c1c',
  '#7c3aed',
  '#b08d57',
];

interface TextToolbarProps {
  element: Element;
  dispatch: Dispatch<EditorAction>;
  customFonts: readonly CustomFont[];
  expirationFormat: ExpirationDateFormat | null;
  onAddFont: () => void;
  onRemoveFonts: () => void;
}

const ALIGNMENTS = [
  { value: 'left', label: 'Align left', icon: IconAlignLeft },
  { value: 'center', label: 'Align centre', icon: IconAlignCenter },
  { value: 'right', label: 'Align right', icon: IconAlignRight },
] as const;

const family = (e: Element) =>
  (e.styles['font-family'] ?? 'Open Sans')
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '');

/** Text style of the selected text elements: every control dispatches the same typed actions. */
export function TextToolbar({ element, dispatch, customFonts, expirationFormat, onAddFont, onRemoveFonts }: TextToolbarProps) {
  const s = element.styles;
  const size = Number.parseFloat(s['font-size'] ?? '18') || 18;
  const align = s['text-align'] ?? 'left';
  const CurrentAlignment = (ALIGNMENTS.find((a) => a.value === align) ?? ALIGNMENTS[0]).icon;
  const own = customFonts.map((f) => f.family);
  const fontData = [
    { group: 'Certificate fonts', items: BUILT_IN },
    {
      group: 'Your fonts',
      items: [
        ...own,
        { value: ADD_FONT, label: '+ Add a font…' },
        ...(own.length ? [{ value: REMOVE_FONTS, label: '− Remove fonts…' }] : []),
      ],
    },
  ];

  return (
    <Group gap={6} wrap="nowrap">
      <Select
        aria-label="Font family"
        data={fontData}
        value={family(element)}
        searchable
        allowDeselect={false}
        w={172}
        size="xs"
        maxDropdownHeight={360}
        comboboxProps={{ withinPortal: true }}
        // Each font is listed in itself, and the field shows the chosen one in it (the canvas has loaded it).
        renderOption={({ option }) =>
          option.value === ADD_FONT || option.value === REMOVE_FONTS ? (
            option.label
          ) : (
            <FontName family={option.value} customFonts={customFonts} />
          )
        }
        styles={{ input: { fontFamily: faceFamily(previewFace(family(element), customFonts)) } }}
        onChange={(value) => {
          if (!value) return;
          if (value === ADD_FONT) return onAddFont();
          if (value === REMOVE_FONTS) return onRemoveFonts();
          dispatch({ type: 'setStyles', kind: 'font-family', styles: { 'font-family': value } });
        }}
      />
      <FontSizeInput
        value={size}
        resetKey={element}
        onApply={(px) => dispatch({ type: 'setStyles', kind: 'font-size', styles: { 'font-size': `${px}px` } })}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="Bold"
        shortcut="Ctrl+B"
        active={s['font-weight'] === 'bold' || Number(s['font-weight']) >= 600}
        onClick={() => dispatch({ type: 'toggleStyle', kind: 'font-style', key: 'font-weight', on: 'bold', off: 'normal' })}
      >
        <IconBold size={17} />
      </ToolButton>
      <ToolButton
        label="Italic"
        shortcut="Ctrl+I"
        active={s['font-style'] === 'italic'}
        onClick={() => dispatch({ type: 'toggleStyle', kind: 'font-style', key: 'font-style', on: 'italic', off: 'normal' })}
      >
        <IconItalic size={17} />
      </ToolButton>
      <ToolButton
        label="Underline"
        shortcut="Ctrl+U"
        active={s['text-decoration'] === 'underline'}
        onClick={() => dispatch({ type: 'toggleStyle', kind: 'font-style', key: 'text-decoration', on: 'underline', off: 'none' })}
      >
        <IconUnderline size={17} />
      </ToolButton>
      <ColorInput
        aria-label="Text colour"
        size="xs"
        w={108}
        value={s.color ?? '#000000'}
        format="hex"
        swatches={SWATCHES}
        swatchesPerRow={6}
        closeOnColorSwatchClick
        onChangeEnd={(color) => dispatch({ type: 'setStyles', kind: 'color', styles: { color } })}
      />
      <Divider orientation="vertical" />
      <Group gap={2} wrap="nowrap" className={classes.alignFull}>
        {ALIGNMENTS.map(({ value, label, icon: Icon }) => (
          <ToolButton
            key={value}
            label={label}
            active={align === value}
            onClick={() => dispatch({ type: 'setStyles', kind: value, styles: { 'text-align': value } })}
          >
            <Icon size={17} />
          </ToolButton>
        ))}
      </Group>
      <Menu position="bottom" withinPortal shadow="md">
        <Tooltip label="Text alignment" openDelay={400} withArrow>
          <Menu.Target>
            <ActionIcon aria-label="Text alignment" variant="subtle" color="gray" size={30} radius="md" className={classes.alignFolded}>
              <CurrentAlignment size={17} />
            </ActionIcon>
          </Menu.Target>
        </Tooltip>
        <Menu.Dropdown>
          {ALIGNMENTS.map(({ value, label, icon: Icon }) => (
            <Menu.Item
              key={value}
              leftSection={<Icon size={16} />}
              aria-current={align === value || undefined}
              fw={align === value ? 600 : undefined}
              onClick={() => dispatch({ type: 'setStyles', kind: value, styles: { 'text-align': value } })}
            >
              {label}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {element.type === 'expiration_date' && (
        <>
          <Divider orientation="vertical" />
          <Select
            aria-label="Expiration date format"
            size="xs"
            w={150}
            data={[...EXPIRATION_DATE_FORMATS]}
            value={expirationFormat ?? 'MM/DD/YYYY'}
            allowDeselect={false}
            onChange={(value) => value && dispatch({ type: 'setExpirationFormat', format: value as ExpirationDateFormat })}
          />
        </>
      )}
    </Group>
  );
}
