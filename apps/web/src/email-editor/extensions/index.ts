import Highlight from '@tiptap/extension-highlight';
import { Placeholder } from '@tiptap/extensions';
import StarterKit from '@tiptap/starter-kit';
import { Link } from '@mantine/tiptap';
import { EmailImage } from './email-image.ts';
import { EmptyLinesGuard } from './empty-lines-guard.ts';
import { MergeFieldMarks } from './merge-field-marks.ts';
import { PlainPaste } from './plain-paste.ts';
import { Subscript, Superscript } from './script-marks.ts';
import { TextAlign } from './text-align.ts';
import { TextStyle } from './text-style.ts';

/** Everything the email body may contain, and the editing rules of spec 2 §5. */
export function emailEditorExtensions(placeholder: string) {
  return [
    StarterKit.configure({
      // Mantine's Link adds the Mod-K shortcut to its link editor.
      link: false,
      code: false,
      codeBlock: false,
      heading: { levels: [1, 2, 3, 4, 5, 6] },
    }),
    Link.configure({ openOnClick: false, autolink: true, protocols: ['mailto'], HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' } }),
    TextStyle,
    TextAlign,
    Subscript,
    Superscript,
    Highlight.configure({ multicolor: true }),
    EmailImage,
    Placeholder.configure({ placeholder }),
    EmptyLinesGuard,
    PlainPaste,
    MergeFieldMarks,
  ];
}
