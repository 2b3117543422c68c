import DOMPurify from 'dompurify';

/**
 * Styles of the shadow root the message is shown in. The host starts from initial values, as a mail client's
 * document does, so nothing of the app's type or colour reaches the message; the wrapper stands for the message's
 * <body> and fills the height it is given. Containment keeps anything the message positions inside its own box.
 */
const SHADOW_CSS = `
:host { all: initial; display: flex; flex-direction: column; min-height: 100%; contain: content; }
.message { flex: 1 0 auto; margin: 0; }
`;

/**
 * The composed message as nodes to show inside the app (docs/decisions/0070-email-preview-and-test-email.md). The
 * server sanitised every part of it; DOMPurify cleans it again here, so no script, event handler, frame, form or
 * `javascript:` address can reach the page even if a part slipped through, and the app's Content-Security-Policy
 * refuses inline script besides. Parsing happens in an inert document: nothing loads or runs until the nodes are
 * placed. Links open in a new tab without telling the address they came from, and images load without a referrer.
 */
export function emailNodes(html: string): Node[] {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  const body = DOMPurify.sanitize(parsed.body.innerHTML, {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select'],
  });
  for (const link of body.querySelectorAll('a[href]')) {
    link.setAttribute('target', '_blank');
    link.setAttribute('rel', 'noopener noreferrer');
  }
  for (const image of body.querySelectorAll('img')) image.setAttribute('referrerpolicy', 'no-referrer');

  const style = document.createElement('style');
  style.textContent = SHADOW_CSS;
  const message = document.createElement('div');
  message.className = 'message';
  message.dataset.testid = 'email-preview-message';
  const lang = parsed.documentElement.getAttribute('lang');
  if (lang) message.lang = lang;
  // The body's own inline style (its background and margins) becomes the wrapper's: a style attribute runs no code.
  const bodyStyle = parsed.body.getAttribute('style');
  if (bodyStyle) message.setAttribute('style', bodyStyle);
  message.append(body);
  return [style, message];
}
