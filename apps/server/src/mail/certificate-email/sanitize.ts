import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for HTML that issuers write in the email editor. It keeps what the rich-text editor
 * produces (formatting, lists, links, images, simple tables, inline styles) and nothing a mail client
 * or the in-app preview could execute: no script, iframe, object, embed, form, svg, math or style
 * elements, no event handlers, no URLs other than http, https and mailto (images also data:image).
 */

const FORMATTING_TAGS = [
  'p',
  'br',
  'div',
  'span',
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'strike',
  'del',
  'ins',
  'sub',
  'sup',
  'small',
  'mark',
];
const BLOCK_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'code', 'hr', 'ul', 'ol', 'li'];
const TABLE_TAGS = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'colgroup', 'col'];

const LENGTH = /^-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?$/;
const LENGTHS = /^(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)(?:\s+(?:-?\d+(?:\.\d+)?(?:px|em|rem|%|pt)?|auto)){0,3}$/;
const COLOR =
  /^(?:#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*(?:,\s*|\s+)\d{1,3}%?\s*(?:,\s*|\s+)\d{1,3}%?\s*(?:[,/]\s*[\d.]+%?\s*)?\)|[a-z]{3,20})$/i;
const BORDER = /^(?:none|0|\d+(?:\.\d+)?px\s+(?:solid|dashed|dotted|double)(?:\s+(?:#[0-9a-f]{3,8}|[a-z]{3,20}|rgba?\([\d\s.,%/]+\)))?)$/i;

const ALLOWED_STYLES: Record<string, RegExp[]> = {
  color: [COLOR],
  'background-color': [COLOR],
  'text-align': [/^(?:left|right|center|justify|start|end)$/],
  'vertical-align': [/^(?:top|middle|bottom|baseline)$/],
  'font-family': [/^[\w\s,'"-]{1,100}$/],
  'font-size': [LENGTH, /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|xxx-large)$/],
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(?:normal|italic|oblique)$/],
  'text-decoration': [/^(?:none|underline|line-through|overline)(?:\s+(?:underline|line-through|overline))*$/],
  'line-height': [/^\d+(?:\.\d+)?(?:px|em|rem|%)?$/, /^normal$/],
  'letter-spacing': [LENGTH],
  'text-indent': [LENGTH],
  margin: [LENGTHS],
  'margin-top': [LENGTH],
  'margin-bottom': [LENGTH],
  'margin-left': [LENGTH, /^auto$/],
  'margin-right': [LENGTH, /^auto$/],
  padding: [LENGTHS],
  'padding-top': [LENGTH],
  'padding-bottom': [LENGTH],
  'padding-left': [LENGTH],
  'padding-right': [LENGTH],
  width: [LENGTH, /^auto$/],
  'max-width': [LENGTH],
  height: [LENGTH, /^auto$/],
  border: [BORDER],
  'border-top': [BORDER],
  'border-bottom': [BORDER],
  'border-collapse': [/^(?:collapse|separate)$/],
  'border-radius': [LENGTHS],
  display: [/^(?:block|inline|inline-block|none)$/],
  'white-space': [/^(?:normal|nowrap|pre|pre-wrap|pre-line)$/],
  'word-break': [/^(?:normal|break-all|break-word|keep-all)$/],
};

/** Image sources may embed only raster formats; data:image/svg+xml can carry script. */
const DATA_IMAGE = /^data:image\/(?:png|gif|jpe?g|webp);base64,[a-z0-9+/=\s]+$/i;

/**
 * A message has no base address, so a relative or protocol-relative URL can only be broken or
 * misleading; links and images must be absolute.
 */
const ABSOLUTE_LINK = /^(?:https?:\/\/|mailto:)/i;
const ABSOLUTE_IMAGE = /^https?:\/\//i;
/**
 * On save a link may still begin with a merge field ([DOWNLOAD_CERTIFICATE_LINK], [WEBSITE]); it is
 * filled and checked again when the message is composed.
 */
const MERGE_FIELD_START = /^\[[^[\]\r\n]{1,100}\]/;

/** Images never push the layout wider than the message, whatever width the issuer gave them. */
const IMAGE_FIT = 'max-width:100%;height:auto';

/** Hooks through which composition fills merge fields while the HTML is being sanitised. */
export interface MergeHooks {
  /** Receives escaped text and the name of its parent element; returns HTML. */
  text(escaped: string, parentTag: string): string;
  /** Receives a raw attribute value; returns the raw value to be checked and escaped by the sanitiser. */
  attribute(value: string): string;
}

function options(merge?: MergeHooks): sanitizeHtml.IOptions {
  return {
    allowedTags: [...FORMATTING_TAGS, ...BLOCK_TAGS, ...TABLE_TAGS, 'a', 'img'],
    allowedAttributes: {
      '*': ['style', 'dir', 'lang', 'title', 'align'],
      a: ['href', 'target', 'rel', 'name'],
      img: ['src', 'alt', 'width', 'height'],
      table: ['width', 'border', 'cellpadding', 'cellspacing', 'role'],
      td: ['width', 'colspan', 'rowspan', 'valign'],
      th: ['width', 'colspan', 'rowspan', 'valign', 'scope'],
      col: ['width', 'span'],
      ol: ['start', 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedStyles: { '*': ALLOWED_STYLES },
    disallowedTagsMode: 'discard',
    nestingLimit: 64,
    transformTags: {
      '*': (tagName, attribs) => {
        const merged: sanitizeHtml.Attributes = {};
        for (const [name, value] of Object.entries(attribs)) merged[name] = merge ? merge.attribute(value) : value;
        const unmerged = (url: string) => !merge && MERGE_FIELD_START.test(url);
        if (merged.href !== undefined && !ABSOLUTE_LINK.test(merged.href.trim()) && !unmerged(merged.href.trim())) delete merged.href;
        if (
          merged.src !== undefined &&
          !ABSOLUTE_IMAGE.test(merged.src.trim()) &&
          !DATA_IMAGE.test(merged.src.trim()) &&
          !unmerged(merged.src.trim())
        )
          delete merged.src;
        if (tagName === 'img' && !merged.style?.includes(IMAGE_FIT))
          merged.style = merged.style ? `${merged.style};${IMAGE_FIT}` : IMAGE_FIT;
        if (tagName === 'a') {
          merged.target = '_blank';
          merged.rel = 'noopener noreferrer';
        }
        return { tagName, attribs: merged };
      },
    },
    ...(merge ? { textFilter: (text: string, tagName: string) => merge.text(text, tagName) } : {}),
  };
}

/** Sanitises issuer-written email HTML; the editor's save path and composition share it. */
export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, options());
}

/**
 * Sanitises and fills merge fields in one pass, so each value is placed by context: escaped text in
 * text, and in attributes a raw value that the sanitiser then checks (a field value of
 * "javascript:..." in an href is dropped like any other) and escapes.
 */
export function sanitizeAndMerge(html: string, merge: MergeHooks): string {
  return sanitizeHtml(html, options(merge));
}
