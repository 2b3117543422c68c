import { readFileSync } from 'node:fs';
import { DEFAULT_EMAIL_BODY } from '@laurel/domain';
import { describe, expect, it } from 'vitest';
import { sanitizeEmailHtml } from '../../src/mail/certificate-email/index.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('sanitizeEmailHtml', () => {
  it('keeps what the rich-text editor produces', () => {
    const html =
      '<h1>Title</h1><p style="text-align: center; color: #1d4ed8; font-size: 18px; font-family: Georgia, serif">' +
      '<strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup> <span style="background-color: #fef08a">mark</span></p>' +
      '<ol><li>one</li></ol><blockquote>quote</blockquote><hr>' +
      '<p><a href="https://example.com/a?b=1&amp;c=2">web</a> <a href="mailto:office@example.com">mail</a></p>' +
      `<p><img src="${PNG}" alt="dot" width="120"> <img src="https://cdn.example.com/x.jpg" alt="x"></p>` +
      '<table border="1" cellpadding="4"><tbody><tr><td colspan="2" style="padding: 4px">cell</td></tr></tbody></table>';
    const clean = sanitizeEmailHtml(html);
    for (const kept of [
      '<h1>Title</h1>',
      'text-align:center;color:#1d4ed8;font-size:18px;font-family:Georgia, serif',
      '<strong>b</strong> <em>i</em> <u>u</u> <s>s</s> <sub>2</sub><sup>3</sup>',
      'background-color:#fef08a',
      '<ol><li>one</li></ol><blockquote>quote</blockquote><hr />',
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">web</a>',
      '<a href="mailto:office@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
      `<img src="${PNG}" alt="dot" width="120" style="max-width:100%;height:auto" />`,
      '<img src="https://cdn.example.com/x.jpg"',
      '<td colspan="2" style="padding:4px">cell</td>',
    ]) {
      expect(clean).toContain(kept);
    }
  });

  it('drops relative links and images, which have no base address in a mailbox', () => {
    expect(sanitizeEmailHtml('<a href="/portal">p</a><a href="//evil.example">q</a><img src="logo.png">')).toBe(
      '<a target="_blank" rel="noopener noreferrer">p</a><a target="_blank" rel="noopener noreferrer">q</a><img style="max-width:100%;height:auto" />',
    );
  });

  it('keeps links and images that start with a merge field, to be filled and checked when sending', () => {
    expect(sanitizeEmailHtml('<a href="[DOWNLOAD_CERTIFICATE_LINK]">get</a><img src="[PHOTO URL]">')).toBe(
      '<a href="[DOWNLOAD_CERTIFICATE_LINK]" target="_blank" rel="noopener noreferrer">get</a><img src="[PHOTO URL]" style="max-width:100%;height:auto" />',
    );
  });

  it('drops styles that could position, load or run anything', () => {
    expect(sanitizeEmailHtml('<p style="position:fixed;top:0;background-image:url(https://x.example/a.png);color:red">x</p>')).toBe(
      '<p style="color:red">x</p>',
    );
  });

  it('gives the same result when applied again, so a saved body reopens unchanged', () => {
    const payloads = readFileSync(new URL('../fixtures/xss-payloads.txt', import.meta.url), 'utf8').split('\n');
    for (const html of [DEFAULT_EMAIL_BODY, ...payloads]) {
      const once = sanitizeEmailHtml(html);
      expect(sanitizeEmailHtml(once)).toBe(once);
    }
  });
});
