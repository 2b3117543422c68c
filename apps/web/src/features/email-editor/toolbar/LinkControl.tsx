import { Button, Group, Popover, Stack, TextInput } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconLink } from '@tabler/icons-react';
import type { Editor } from '@tiptap/core';
import { useState } from 'react';

/** A link is an absolute web or mail address, or a merge field that becomes one (the download link). */
function normaliseHref(value: string): string | null {
  const href = value.trim();
  if (!href) return null;
  if (/^\[[^[\]]+\]$/.test(href) || /^(?:https?:\/\/|mailto:)/i.test(href)) return href;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(href)) return `mailto:${href}`;
  if (/^[\w-]+(\.[\w-]+)+/.test(href)) return `https://${href}`;
  return null;
}

/** Adds or edits the link at the cursor; the cursor must be in the body first. */
export function LinkControl({ editor, requireCursor }: { editor: Editor; requireCursor: () => boolean }) {
  const [opened, setOpened] = useState(false);
  const [href, setHref] = useState('');
  const [error, setError] = useState<string | null>(null);

  const open = () => {
    if (!requireCursor()) return;
    setHref((editor.getAttributes('link').href as string | undefined) ?? '');
    setError(null);
    setOpened(true);
  };

  const save = () => {
    const value = normaliseHref(href);
    if (href.trim() && !value) {
      setError('Enter a web address such as https://example.com or an email address.');
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (!value) chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: href.trim(), marks: [{ type: 'link', attrs: { href: value } }] }).run();
    else chain.setLink({ href: value }).run();
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <RichTextEditor.Control aria-label="Insert link" title="Insert link" active={editor.isActive('link')} onClick={open}>
          <IconLink size={16} stroke={1.6} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" w={300}>
          <TextInput
            size="sm"
            label="Link address"
            placeholder="https://example.com"
            value={href}
            error={error}
            onChange={(e) => setHref(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                save();
              }
            }}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" color="gray" size="compact-sm" onClick={() => setOpened(false)}>
              Cancel
            </Button>
            <Button size="compact-sm" onClick={save}>
              Save link
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
