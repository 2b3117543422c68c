import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list for the HTML super-admins write in announcements and the legal pages: what the
 * TipTap toolbar of those editors produces (docs/product/super-admin.md#rules-and-limits: bold, italic, strikethrough, links, quotes,
 * code, lists; headings for the legal texts) and nothing that runs. Links open in a new tab.
 */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'p',
      'br',
      'strong',
      'b',
      'em',
      'i',
      'u',
      's',
      'strike',
      'a',
      'blockquote',
      'code',
      'pre',
      'ul',
      'ol',
      'li',
      'h2',
      'h3',
      'h4',
      'hr',
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }),
    },
  }).trim();
}
