/**
 * Shows an email's HTML as the recipient sees it, isolated from the app: no scripts, no same-origin
 * access. Popups are allowed so that the links in the message open in a new tab.
 */
export function MessageHtmlFrame({ html, title }: { html: string; title: string }) {
  const document = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{margin:16px;font-family:system-ui,sans-serif}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      srcDoc={document}
      sandbox="allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      style={{ width: '100%', height: 640, border: '1px solid var(--laurel-border)', borderRadius: 10, background: '#fff' }}
      data-testid="outbox-html"
    />
  );
}
