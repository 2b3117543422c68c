import { MERGE_FIELDS } from '@laurel/domain';
import { Extension } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

const FIELD = /\[[^[\]\n]{1,100}\]/g;

function decorate(doc: ProseMirrorNode): DecorationSet {
  const decorations: Decoration[] = [];
  doc.descendants((node, position) => {
    if (!node.isText || !node.text) return;
    for (const match of node.text.matchAll(FIELD)) {
      const from = position + (match.index ?? 0);
      const download = match[0].toUpperCase() === MERGE_FIELDS.downloadLink;
      decorations.push(Decoration.inline(from, from + match[0].length, { class: download ? 'email-download-field' : 'email-merge-field' }));
    }
  });
  return DecorationSet.create(doc, decorations);
}

/**
 * Shows merge fields such as [FIRST NAME] as tags while writing, so the issuer sees at a glance what
 * each recipient's copy will fill in, and the download field in the colours of the button it becomes.
 * Display only: the saved HTML keeps the plain bracketed text.
 */
export const MergeFieldMarks = Extension.create({
  name: 'mergeFieldMarks',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('mergeFieldMarks'),
        state: {
          init: (_config, state) => decorate(state.doc),
          apply: (transaction, previous) => (transaction.docChanged ? decorate(transaction.doc) : previous),
        },
        props: {
          decorations(state) {
            return this.getState(state);
          },
        },
      }),
    ];
  },
});
