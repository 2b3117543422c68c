import { EMAIL_BODY_MAX_EMPTY_LINES } from '@laurel/domain';
import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';

/** The longest run of empty paragraphs in a document. */
export function longestEmptyRun(doc: ProseMirrorNode): number {
  let longest = 0;
  let run = 0;
  doc.forEach((node) => {
    run = node.type.name === 'paragraph' && node.content.size === 0 ? run + 1 : 0;
    longest = Math.max(longest, run);
  });
  return longest;
}

/** Marks a transaction that loads HTML the issuer wrote by hand, which the guard lets through. */
export const HTML_SOURCE_META = 'emailHtmlSource';

/**
 * At most five empty lines in a row (docs/product/email-editor.md#rules-and-limits): an edit that would make a longer run is refused, so
 * the document stays as it was. A document that already had a longer run (older HTML, or HTML typed
 * in HTML mode) may still be edited as long as the edit does not lengthen it.
 */
export const EmptyLinesGuard = Extension.create({
  name: 'emptyLinesGuard',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('emptyLinesGuard'),
        filterTransaction: (transaction, state) => {
          if (!transaction.docChanged || transaction.getMeta(HTML_SOURCE_META)) return true;
          const after = longestEmptyRun(transaction.doc);
          return after <= EMAIL_BODY_MAX_EMPTY_LINES || after <= longestEmptyRun(state.doc);
        },
      }),
    ];
  },
});
