import { Parser } from 'htmlparser2';

const BLOCKS = new Set(['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'table', 'ul', 'ol', 'hr', 'tr', 'caption']);

/**
 * The plain-text twin of sanitised body HTML: paragraphs become blank-line separated blocks, list items
 * start with a dash, and a link whose text is not its address is followed by the address in brackets so
 * that nothing clickable in the HTML part is lost in the text part.
 */
export function htmlToText(html: string): string {
  let out = '';
  let pre = 0;
  const links: { href: string; start: number }[] = [];
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'br') out += '\n';
        if (name === 'li') out += out.endsWith('\n') ? '- ' : '\n- ';
        if (name === 'td' || name === 'th') out += ' ';
        if (name === 'pre') pre++;
        if (name === 'img' && attrs.alt) out += attrs.alt;
        if (name === 'a') links.push({ href: attrs.href ?? '', start: out.length });
      },
      ontext(text) {
        out += pre > 0 ? text : text.replace(/\s+/g, ' ');
      },
      onclosetag(name) {
        if (name === 'pre') pre--;
        if (name === 'a') {
          const link = links.pop();
          const label = link ? out.slice(link.start).trim() : '';
          const address = link?.href.replace(/^mailto:/i, '') ?? '';
          if (address && label !== address) out += label ? ` (${address})` : address;
        }
        if (BLOCKS.has(name)) out += '\n\n';
        if (name === 'li') out += '\n';
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return (
    out
      .split('\n')
      .map((line) => line.trim())
      .join('\n')
      // A list item's paragraph opens a block right after the dash; keep the text on the dash's line.
      .replace(/^-\n+/gm, '- ')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}
