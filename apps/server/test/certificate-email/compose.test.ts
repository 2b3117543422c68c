import { describe, expect, it } from 'vitest';
import { CertificateEmailError, composeCertificateEmail, linkedInAddToProfileUrl } from '../../src/mail/certificate-email/index.ts';
import { executableFindings } from './html-safety.ts';
import { sampleInput } from './sample.ts';

const CERT_URL = 'https://laurel.test/c/Zk3q9VbX2mQ8rT5wY1nL4pA7';

describe('merge fields', () => {
  it('fills every product field and every data field, ignoring case and space/underscore spelling', () => {
    const email = composeCertificateEmail(
      sampleInput({
        design: {
          email_subject: '[first name], your [Course Name] certificate',
          email_body:
            '<p>[FIRST NAME] [LAST NAME] / [ACCOUNT_NAME] / [ACCOUNT_EMAIL] / [RECIPIENT EMAIL] / [expiration date] / [COURSE_NAME] / [UNKNOWN FIELD]</p>',
        },
      }),
    );
    const line =
      'Ada Lovelace / Northwind Academy / office@northwind.example / ada@example.com / 12/31/2027 / Analytical Engines 101 / [UNKNOWN FIELD]';
    expect(email.subject).toBe('Ada, your Analytical Engines 101 certificate');
    expect(email.html).toContain(line);
    expect(email.text).toContain(line);
  });

  it('keeps the account name and address when an imported column has the same name', () => {
    const input = sampleInput({ design: { email_body: '<p>[ACCOUNT_NAME] [ACCOUNT EMAIL]</p>' } });
    input.recipient.fields = { ACCOUNT_NAME: 'Evil Corp', 'account email': 'phish@evil.example' };
    expect(composeCertificateEmail(input).text).toContain('Northwind Academy office@northwind.example');
  });

  it('escapes values in the HTML part: a recipient named like markup appears as text', () => {
    const input = sampleInput({ design: { email_body: '<p>Dear [FIRST NAME] [LAST NAME], [NOTE]</p><p title="[NOTE]">t</p>' } });
    input.recipient.first_name = '<img src=x onerror=alert(1)>';
    input.recipient.last_name = '"&\'';
    input.recipient.fields = { NOTE: '<script>alert(2)</script>' };
    const email = composeCertificateEmail(input);
    expect(email.html).toContain('Dear &lt;img src=x onerror=alert(1)&gt; &quot;&amp;&#39;');
    expect(email.html).toContain('&lt;script&gt;alert(2)&lt;/script&gt;');
    expect(email.html).not.toContain('<img src=x');
    expect(executableFindings(email.html!)).toEqual([]);
    expect(email.text).toContain('Dear <img src=x onerror=alert(1)> "&\', <script>alert(2)</script>');
    expect(email.to).toBe('"<img src=x onerror=alert(1)> \\"&\'" <ada@example.com>');
  });

  it('drops a field value that would turn a link or image into script', () => {
    const input = sampleInput({
      design: { email_body: '<p><a href="[WEBSITE]">site</a> <a href="[HOME]">home</a><img src="[PHOTO]" alt="p"></p>' },
    });
    input.recipient.fields = {
      WEBSITE: 'javascript:alert(1)',
      HOME: 'https://home.example/?a=1&b=2',
      PHOTO: 'data:text/html,<script>alert(1)</script>',
    };
    const html = composeCertificateEmail(input).html!;
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('data:text');
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">site</a>');
    expect(html).toContain('href="https://home.example/?a=1&amp;b=2"');
    expect(html).toContain('<img alt="p" style="max-width:100%;height:auto" />');
  });

  it('leaves a field with no value in a link unfilled and drops the link address', () => {
    const html = composeCertificateEmail(sampleInput({ design: { email_body: '<p><a href="[NO SUCH FIELD]">x</a></p>' } })).html!;
    expect(html).toContain('<a target="_blank" rel="noopener noreferrer">x</a>');
  });

  it('puts the subject on one line whatever the values hold', () => {
    const input = sampleInput({ design: { email_subject: 'For [FIRST NAME]\r\nBcc: victim@example.com' } });
    input.recipient.first_name = 'Ada\r\nX-Injected: yes';
    expect(composeCertificateEmail(input).subject).toBe('For Ada X-Injected: yes Bcc: victim@example.com');
  });
});

describe('download link', () => {
  it('becomes the styled button in HTML and the address in text', () => {
    const email = composeCertificateEmail(
      sampleInput({ design: { button_styles: { color: '#ffffff', background: '#1d4ed8', text: 'Get my certificate' } } }),
    );
    expect(email.html).toMatch(
      new RegExp(`<a href="${CERT_URL}"[^>]*background-color:#1d4ed8[^>]*color:#ffffff[^>]*>Get my certificate</a>`),
    );
    expect(email.text).toContain(`\n${CERT_URL}\n`);
    expect(email.text).not.toContain('[DOWNLOAD_CERTIFICATE_LINK]');
  });

  it('becomes the address inside a link the issuer wrote, so links do not nest', () => {
    const email = composeCertificateEmail(
      sampleInput({ design: { email_body: '<p><a href="[DOWNLOAD_CERTIFICATE_LINK]">[DOWNLOAD_CERTIFICATE_LINK]</a></p>' } }),
    );
    expect(email.html).toContain(`<a href="${CERT_URL}" target="_blank" rel="noopener noreferrer">${CERT_URL}</a>`);
  });

  it('is added after the body when the issuer removed it', () => {
    const email = composeCertificateEmail(sampleInput({ design: { email_body: '<p>Well done.</p>' } }));
    expect(email.html).toContain(`<p style="text-align:center"><a href="${CERT_URL}"`);
    expect(email.text).toContain(CERT_URL);
  });
});

describe('blocks of the message', () => {
  it('adds the LinkedIn add-to-profile button with the certification URL format', () => {
    const email = composeCertificateEmail(sampleInput({ design: { show_linkedin: true, linkedin_org_id: '1337' } }));
    const url =
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Certificate%20of%20Completion&organizationId=1337' +
      '&issueYear=2026&issueMonth=3&expirationYear=2027&expirationMonth=12' +
      `&certUrl=${encodeURIComponent(CERT_URL)}&certId=Zk3q9VbX2mQ8rT5wY1nL4pA7`;
    expect(email.html).toContain(`href="${url.replace(/&/g, '&amp;')}"`);
    expect(email.text).toContain(`Add to LinkedIn profile: ${url}`);
    expect(composeCertificateEmail(sampleInput()).html).not.toContain('linkedin.com/profile/add');
  });

  it('encodes LinkedIn values and names the organisation when there is no id', () => {
    const url = linkedInAddToProfileUrl({
      title: 'Cours & Diplôme #1',
      organizationId: '',
      organizationName: 'Élan & Co',
      issuedAt: new Date('2026-01-31T23:30:00Z'),
      expiresAt: null,
      certUrl: 'https://laurel.test/c/a?b=c',
      certId: 'a b',
    });
    expect(url).toBe(
      'https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=Cours%20%26%20Dipl%C3%B4me%20%231&organizationName=%C3%89lan%20%26%20Co' +
        '&issueYear=2026&issueMonth=1&expirationYear=&expirationMonth=&certUrl=https%3A%2F%2Flaurel.test%2Fc%2Fa%3Fb%3Dc&certId=a%20b',
    );
  });

  it('shows the portal block with the design texts unless hidden', () => {
    const shown = composeCertificateEmail(
      sampleInput({ design: { portal_link: { title_text: 'Portal of [ACCOUNT_NAME]', link_text: 'Go there' } } }),
    );
    expect(shown.html).toContain('Portal of Northwind Academy');
    expect(shown.html).toContain('<a href="https://northwind.laurel.test/portal"');
    expect(shown.text).toContain('Go there: https://northwind.laurel.test/portal');
    for (const design of [{ portal_link: { hidden: true } }, { hide_recipient_portal_link: true }]) {
      const hidden = composeCertificateEmail(sampleInput({ design }));
      expect(hidden.html).not.toContain('northwind.laurel.test/portal');
      expect(hidden.text).not.toContain('northwind.laurel.test/portal');
    }
  });

  it('shows the chosen share icons only when icons are on', () => {
    const off = composeCertificateEmail(sampleInput());
    expect(off.html).not.toContain('facebook.com');
    const on = composeCertificateEmail(
      sampleInput({ design: { footer_socials: { showIcons: 'yes', facebook: 'yes', twitter: 'no', linkedin: 'no', pinterest: 'yes' } } }),
    );
    expect(on.html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(CERT_URL)}`);
    expect(on.html).toContain('pinterest.com/pin/create/button/');
    expect(on.html).not.toContain('twitter.com');
    expect(on.text).toContain('Facebook: https://www.facebook.com/sharer/sharer.php');
  });

  it('writes the footer in the chosen language with the privacy, preferences and unsubscribe links', () => {
    const email = composeCertificateEmail(sampleInput({ design: { email_footer_lang: 'de' } }));
    expect(email.html).toContain('Diese E-Mail wurde von Northwind Academy an ada@example.com gesendet.');
    expect(email.html).toContain('<a href="https://laurel.test/privacy"');
    expect(email.html).toMatch(/<a href="https:\/\/laurel.test\/preferences\/[^"?]+\?unsubscribe=1"[^>]*>Abmelden<\/a>/);
    expect(email.html).toMatch(/<a href="https:\/\/laurel.test\/preferences\/[^"]+"[^>]*>E-Mail-Einstellungen ändern<\/a>/);
    expect(email.text).toMatch(/Abmelden: https:\/\/laurel.test\/preferences\/\S+\?unsubscribe=1/);
    const arabic = composeCertificateEmail(sampleInput({ design: { email_footer_lang: 'ar' } }));
    expect(arabic.html).toContain('lang="ar" dir="rtl"');
  });

  it('invites the recipient to sign up when the product gives a sign-up address', () => {
    const input = sampleInput({ design: { email_footer_lang: 'fr' } });
    input.links.signUpUrl = 'https://laurel.test/register?loc=certificate-email';
    const email = composeCertificateEmail(input);
    expect(email.html).toMatch(/<a href="https:\/\/laurel.test\/register\?loc=certificate-email"[^>]*>Créez vos propres certificats<\/a>/);
    expect(email.text).toContain('Créez vos propres certificats: https://laurel.test/register?loc=certificate-email');
    expect(composeCertificateEmail(sampleInput()).html).not.toContain('/register');
  });

  it('uses the design font and size', () => {
    const email = composeCertificateEmail(sampleInput({ design: { email_font_family: 'Georgia', email_font_size: '18px' } }));
    expect(email.html).toContain('font-family:Georgia, Helvetica, Arial, sans-serif;font-size:18px');
  });

  it('sends only a text part when asked, preferring the text the issuer wrote', () => {
    const email = composeCertificateEmail(
      sampleInput({ design: { plain_text_only: true, email_body_text: 'Hi [FIRST NAME],\n\nYours: [DOWNLOAD_CERTIFICATE_LINK]' } }),
    );
    expect(email.html).toBeNull();
    expect(email.text.startsWith(`Hi Ada,\n\nYours: ${CERT_URL}\n`)).toBe(true);
    expect(email.text).toContain('Unsubscribe: https://laurel.test/preferences/Qm9vZ2llV29vZ2llQm9vZ2llV29v?unsubscribe=1');
  });

  it('derives the text part from the HTML body: paragraphs, lists and link addresses', () => {
    const email = composeCertificateEmail(
      sampleInput({
        design: {
          email_body:
            '<h2>Well done</h2><p>Read <a href="https://laurel.test/guide">the guide</a>.</p><ul><li>One</li><li>Two</li></ul><p>[DOWNLOAD_CERTIFICATE_LINK]</p>',
        },
      }),
    );
    expect(email.text.startsWith(`Well done\n\nRead the guide (https://laurel.test/guide).\n\n- One\n- Two\n\n${CERT_URL}\n\n`)).toBe(true);
  });
});

describe('addresses and headers', () => {
  it('sends from the product address in the account name, replies to the design reply-to', () => {
    const email = composeCertificateEmail(
      sampleInput({
        design: {
          reply_to: 'registrar@northwind.example',
          cc: 'a@northwind.example; bad, [ACCOUNT_EMAIL]',
          bcc: 'audit@northwind.example',
        },
      }),
    );
    expect(email.from).toBe('"Northwind Academy" <certificates@laurel.test>');
    expect(email.replyTo).toBe('registrar@northwind.example');
    expect(email.cc).toEqual(['a@northwind.example', 'office@northwind.example']);
    expect(email.bcc).toEqual(['audit@northwind.example']);
    expect(email.messageId).toBe('<recipient-17.attempt-1@laurel.test>');
    expect(email.headers).toEqual({
      'List-Unsubscribe': '<https://laurel.test/unsubscribe/Qm9vZ2llV29vZ2llQm9vZ2llV29v>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it("uses the account's custom sender, and the account address when the reply-to is the account field", () => {
    const input = sampleInput();
    input.account.customSender = { name: 'Registrar "Office"', email: 'registrar@northwind.example' };
    const email = composeCertificateEmail(input);
    expect(email.from).toBe('"Registrar \\"Office\\"" <registrar@northwind.example>');
    expect(email.replyTo).toBe('office@northwind.example');
  });

  it('keeps CR and LF out of every address', () => {
    const input = sampleInput({ design: { reply_to: 'x@y.com\r\nBcc: victim@example.com' } });
    input.account.name = 'Northwind\r\nBcc: victim@example.com';
    input.recipient.last_name = 'Lovelace\nX-Injected: 1';
    const email = composeCertificateEmail(input);
    for (const value of [email.from, email.to, email.replyTo, ...email.cc, ...email.bcc]) expect(value).not.toMatch(/[\r\n]/);
    expect(email.from).toBe('"Northwind Bcc: victim@example.com" <certificates@laurel.test>');
    expect(email.replyTo).toBe('office@northwind.example');
  });

  it('composes the same message from the same input, so a retried attempt resends what was claimed', () => {
    const input = sampleInput({ design: { show_linkedin: true, footer_socials: { showIcons: 'yes' } } });
    expect(composeCertificateEmail(input)).toEqual(composeCertificateEmail(input));
  });

  it('refuses to compose for an undeliverable recipient or a malformed Message-ID', () => {
    const badTo = sampleInput();
    badTo.recipient.email = 'ada@example.com>, victim@example.com';
    expect(() => composeCertificateEmail(badTo)).toThrow(CertificateEmailError);
    expect(() => composeCertificateEmail(sampleInput({ messageId: '<a@b>\r\nBcc: x@y.com' }))).toThrow(CertificateEmailError);
    expect(() =>
      composeCertificateEmail(
        sampleInput({ links: { unsubscribeUrl: 'javascript:alert(1)', preferencesUrl: 'https://a.b', privacyUrl: 'https://a.b' } }),
      ),
    ).toThrow(CertificateEmailError);
  });
});
