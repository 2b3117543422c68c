import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { composeCertificateEmail, sanitizeEmailHtml } from '../../src/mail/certificate-email/index.ts';
import { executableFindings } from './html-safety.ts';
import { sampleInput } from './sample.ts';

const payloads = readFileSync(new URL('../fixtures/xss-payloads.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '');

const compose = (body: string, fields: Record<string, string> = {}) => {
  const input = sampleInput({ design: { email_body: body, show_linkedin: true, footer_socials: { showIcons: 'yes' } } });
  input.recipient.fields = { ...input.recipient.fields, ...fields };
  return composeCertificateEmail(input);
};

describe('XSS corpus pasted into the email body', () => {
  it('has at least 100 payloads', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(100);
  });

  it('the checker itself catches what it is meant to catch', () => {
    expect(
      executableFindings('<p onclick="x()">a</p><a href=" java\tscript:alert(1)">b</a><svg></svg><img src="data:text/html,x">'),
    ).toHaveLength(4);
  });

  it.each(payloads.map((p, i) => [i + 1, p] as const))('payload %i leaves nothing executable in the sent HTML', (_n, payload) => {
    const email = composeCertificateEmail(sampleInput({ design: { email_body: `<p>Before</p>${payload}<p>After [FIRST NAME]</p>` } }));
    expect(executableFindings(email.html!)).toEqual([]);
    expect(executableFindings(sanitizeEmailHtml(payload))).toEqual([]);
    // Whatever the payload does to the markup, the message keeps its download link and footer.
    expect(email.html).toContain('href="https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7"');
    expect(email.html).toContain('https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v?unsubscribe=1');
  });

  it('leaves nothing executable when every payload is pasted at once', () => {
    const email = compose(payloads.join('\n'));
    expect(executableFindings(email.html!)).toEqual([]);
    // The layout after the body survives whatever unclosed markup the body held.
    expect(email.html).toContain('https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v?unsubscribe=1');
  });

  it('leaves nothing executable when the payloads arrive as merge-field values, in text and in attributes', () => {
    const fields = Object.fromEntries(payloads.map((p, i) => [`FIELD ${i}`, p]));
    const body = payloads
      .map((_, i) => `<p>[FIELD ${i}]</p><a href="[FIELD ${i}]">link</a><img src="[FIELD ${i}]" alt="[FIELD ${i}]">`)
      .join('');
    expect(executableFindings(compose(body, fields).html!)).toEqual([]);
  });
});
