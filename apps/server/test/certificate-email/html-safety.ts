import { parseDocument } from 'htmlparser2';

type ChildNode = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<ChildNode, { attribs: Record<string, string> }>;

/** Elements that run code, load active content, submit data or restyle the page if they reach mail HTML. */
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'style',
  'link',
  'base',
  'form',
  'input',
  'button',
  'textarea',
  'select',
  'keygen',
  'isindex',
  'template',
  'noscript',
  'xmp',
  'plaintext',
  'video',
  'audio',
  'source',
  'picture',
  'details',
  'marquee',
  'bgsound',
  'animate',
  'set',
]);
const URL_ATTRIBUTES = new Set(['href', 'src']);
const FORBIDDEN_ATTRIBUTES = new Set([
  'srcset',
  'srcdoc',
  'formaction',
  'action',
  'background',
  'dynsrc',
  'lowsrc',
  'xlink:href',
  'data',
  'code',
]);

function elements(nodes: ChildNode[], parents: string[] = [], out: { el: Element; parents: string[] }[] = []) {
  for (const node of nodes) {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      out.push({ el: node, parents });
      elements(node.children, [...parents, node.name], out);
    }
  }
  return out;
}

/** A URL as a browser reads it: control characters and whitespace inside the scheme are ignored. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: a browser ignores these characters inside a URL's scheme
const normalizedUrl = (value: string) => value.replace(/[\u0000-\u0020\u007f]+/g, '').toLowerCase();

/** Every way the HTML could execute something, as a list of findings; an empty list means safe. */
export function executableFindings(html: string): string[] {
  const findings: string[] = [];
  const document = parseDocument(html, { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true });
  for (const { el, parents } of elements(document.children)) {
    const name = el.name.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(name)) findings.push(`<${name}> element`);
    if (name === 'title' && !parents.includes('head')) findings.push('<title> outside head');
    if (name === 'meta' && (!parents.includes('head') || 'http-equiv' in el.attribs)) findings.push('<meta> that acts');
    for (const [attr, value] of Object.entries(el.attribs)) {
      if (attr.startsWith('on')) findings.push(`${attr} handler on <${name}>`);
      if (FORBIDDEN_ATTRIBUTES.has(attr)) findings.push(`${attr} attribute on <${name}>`);
      if (URL_ATTRIBUTES.has(attr)) {
        const url = normalizedUrl(value);
        // A saved body may still hold a merge field as the address; it is relative and runs nothing.
        const unfilledField = /^\[[^[\]]+\]/.test(value.trim());
        const allowed =
          /^(https?:|mailto:)/.test(url) || (name === 'img' && /^data:image\/(png|gif|jpe?g|webp);/.test(url)) || unfilledField;
        if (!allowed) findings.push(`${attr}="${value}" on <${name}>`);
      }
      if (attr === 'style' && /expression|url\s*\(|javascript|vbscript|behavior|binding|position|@import/i.test(value))
        findings.push(`style "${value}" on <${name}>`);
    }
  }
  return findings;
}
