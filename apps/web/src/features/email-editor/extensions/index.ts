import { Link } from '@mantine/tiptap';
import Highlight from '@tiptap/extension-highlight';
import StarterKit from '@tiptap/starter-kit';
import { EmailImage } from './email-image.ts';
import { EmptyLinesGuard } from './empty-lines-guard.ts';
import { MergeFieldMarks } from './merge-field-marks.ts';
import { PlainPaste } from './plain-paste.ts';
import { Subscript, Superscript } from './script-marks.ts';
import { TextAlign } from './text-align.ts';
import { TextStyle } from './text-style.ts';

/** Everything the email body may contain, and the editing rules of docs/product/email-editor.md#rules-and-limits. */
export function emailEditorExtensions() {
  return [
    StarterKit.configure({
      // Mantine's Link below replaces StarterKit's own, adding the Mod-K shortcut.
      link: false,
      code: false,
      codeBlock: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
    }),
    Link.configure({
      openOnClick: false,
      autolink: true,
      protocols: ['mailto'],
      HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
    }),
    TextStyle,
    TextAlign,
    Subscript,
    Superscript,
    Highlight.configure({ multicolor: true }),
    EmailImage,
    EmptyLinesGuard,
    PlainPaste,
    MergeFieldMarks,
  ];
}
