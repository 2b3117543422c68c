import {
  adjustButtonColor,
  buttonColorProblem,
  contrastRatio,
  DEFAULT_BUTTON_COLORS,
  defaultEmailDesign,
  defaultFooterText,
  EMAIL_DESIGN_MESSAGES,
  EMAIL_FOOTER_LANGUAGES,
  EMAIL_FOOTERS,
  type EmailDesignInput,
  emailDesignSchema,
  parseColor,
  rgbToHsl,
  validateEmailDesign,
} from '@laurel/domain';
import { describe, expect, it } from 'vitest';

const messagesOf = (design: EmailDesignInput) => validateEmailDesign(emailDesignSchema.parse(design)).map((e) => e.message);
const DARKER = 'Due to security regulations, the color you have chosen is not available. Please choose a darker color.';
const DIFFERENT = 'Due to security regulations, the color you have chosen is not available. Please choose a different color.';

describe('email design defaults (docs/product/email-editor.md#what-is-kept)', () => {
  it('fills every field with the spec default and passes its own rules', () => {
    const design = defaultEmailDesign();
    expect(design.email_subject).toBe('Ready to Download: Access Your Certificate from [ACCOUNT_NAME]');
    expect(design.email_body).toContain('Congratulations [FIRST NAME]!');
    expect(design.email_body).toContain('[ACCOUNT_NAME]');
    expect(design.email_body).toContain('[DOWNLOAD_CERTIFICATE_LINK]');
    expect(design.button_styles).toEqual({ color: '#ffffff', background: '#1f7550', text: 'Download Certificate' });
    expect(design.email_footer_lang).toBe('en');
    expect(design.email_font_family).toBe('Arial');
    expect(design.email_font_size).toBe('inherit');
    expect(design.reply_to).toBe('[ACCOUNT_EMAIL]');
    expect(design.portal_link.hidden).toBe(false);
    expect(design.footer_socials.showIcons).toBe('no');
    expect(validateEmailDesign(design)).toEqual([]);
  });

  it('completes a partial stored design, nested objects included', () => {
    const design = emailDesignSchema.parse({ button_styles: { background: '#334455' }, footer_socials: { showIcons: 'yes' } });
    expect(design.button_styles).toEqual({ color: '#ffffff', background: '#334455', text: 'Download Certificate' });
    expect(design.footer_socials).toEqual({ showIcons: 'yes', facebook: 'yes', twitter: 'yes', linkedin: 'yes', pinterest: 'no' });
  });

  it('refuses values that could escape a style attribute or are not in the lists', () => {
    expect(emailDesignSchema.safeParse({ email_font_family: 'Arial;background:url(x)' }).success).toBe(false);
    expect(emailDesignSchema.safeParse({ email_font_size: '13px' }).success).toBe(false);
    expect(emailDesignSchema.safeParse({ email_font_size: '14px' }).success).toBe(true);
    expect(emailDesignSchema.safeParse({ email_footer_lang: 'es' }).success).toBe(false);
    expect(emailDesignSchema.safeParse({ button_styles: { color: 'red;x' } }).success).toBe(false);
    expect(emailDesignSchema.safeParse({ linkedin_org_id: '12ab' }).success).toBe(false);
  });

  it.each(EMAIL_FOOTER_LANGUAGES)('has a translated footer in %s naming the recipient address and the account', (lang) => {
    const footer = EMAIL_FOOTERS[lang];
    expect(footer.sentTo).toContain('[RECIPIENT EMAIL]');
    expect(footer.sentTo + footer.reason).toContain('[ACCOUNT_NAME]');
    for (const text of [footer.privacy, footer.preferences, footer.unsubscribe, footer.share, footer.addToLinkedIn, footer.signUp])
      expect(text.trim()).not.toBe('');
    expect(defaultFooterText(lang)).toContain(footer.unsubscribe);
  });

  it('translates rather than repeating English, and writes Arabic right to left', () => {
    const english = EMAIL_FOOTERS.en;
    for (const lang of EMAIL_FOOTER_LANGUAGES.filter((l) => l !== 'en')) {
      expect(EMAIL_FOOTERS[lang].sentTo).not.toBe(english.sentTo);
      expect(EMAIL_FOOTERS[lang].unsubscribe).not.toBe(english.unsubscribe);
      expect(EMAIL_FOOTERS[lang].privacy).not.toBe(english.privacy);
    }
    expect(EMAIL_FOOTERS.ar.dir).toBe('rtl');
    expect(EMAIL_FOOTERS.ch.lang).toBe('zh-Hans');
    expect(EMAIL_FOOTERS.sp.lang).toBe('es');
  });
});

describe('email editor rules (docs/product/email-editor.md#rules-and-limits)', () => {
  it('requires a reply-to', () => {
    expect(messagesOf({ reply_to: '' })).toEqual(['Reply-to field is required.']);
    expect(messagesOf({ reply_to: '   ' })).toEqual(['Reply-to field is required.']);
  });

  it('requires a valid reply-to address, or the account-email field', () => {
    expect(messagesOf({ reply_to: 'not-an-address' })).toEqual(['You must put valid email address on reply-to field.']);
    expect(messagesOf({ reply_to: 'a@b.com\r\nBcc: x@y.com' })).toEqual(['You must put valid email address on reply-to field.']);
    expect(messagesOf({ reply_to: 'office@northwind.example' })).toEqual([]);
    expect(messagesOf({ reply_to: '[account_email]' })).toEqual([]);
  });

  it.each(['reply_to', 'cc', 'bcc', 'email_subject'] as const)('keeps the download link out of %s', (field) => {
    const messages = messagesOf({ [field]: 'Here: [DOWNLOAD_CERTIFICATE_LINK]' });
    expect(messages).toContain('The download certificate link can be inserted only into the email body.');
    expect(messages.filter((m) => m === EMAIL_DESIGN_MESSAGES.downloadLinkOnlyInBody)).toHaveLength(1);
  });

  it('accepts the download link in the body', () => {
    expect(messagesOf({ email_body: '<p>[download_certificate_link]</p>' })).toEqual([]);
  });

  it('requires portal link text unless the portal link is hidden', () => {
    expect(messagesOf({ portal_link: { link_text: '  ' } })).toEqual(["The portal link text can't be empty."]);
    expect(messagesOf({ portal_link: { link_text: '', hidden: true } })).toEqual([]);
    expect(messagesOf({ portal_link: { link_text: '' }, hide_recipient_portal_link: true })).toEqual([]);
  });

  it('limits the body to 65000 characters, HTML tags included', () => {
    const body = (n: number) => `<p>${'x'.repeat(n - 7)}</p>`;
    expect(body(65_000)).toHaveLength(65_000);
    expect(validateEmailDesign({ ...defaultEmailDesign(), email_body: body(65_000) })).toEqual([]);
    expect(validateEmailDesign({ ...defaultEmailDesign(), email_body: body(65_001) }).map((e) => e.message)).toEqual([
      EMAIL_DESIGN_MESSAGES.bodyTooLong,
    ]);
    expect(emailDesignSchema.safeParse({ email_body: body(65_001) }).error?.issues[0]?.message).toBe(EMAIL_DESIGN_MESSAGES.bodyTooLong);
  });

  it.each([
    '<p style="color: #fff">x</p>',
    '<p style="color:#FFFFFF">x</p>',
    '<span style="font-weight:bold; color: white">x</span>',
    '<span style="color: rgb(255, 255, 255)">x</span>',
    '<span style="COLOR:White !important">x</span>',
    '<font color="#ffffff">x</font>',
  ])('refuses white text: %s', (body) => {
    expect(messagesOf({ email_body: body })).toEqual(['White color is restricted.']);
  });

  it.each(['<p style="background-color:#ffffff;color:#333333">x</p>', '<p style="color:#fefefe">x</p>', '<p>Team color: white</p>'])(
    'accepts %s',
    (body) => {
      expect(messagesOf({ email_body: body })).toEqual([]);
    },
  );

  it('checks every cc and bcc address', () => {
    expect(messagesOf({ cc: 'a@example.com, b@example.com; c@example.com' })).toEqual([]);
    expect(messagesOf({ cc: 'a@example.com, nope' })).toEqual(['You must put valid email address on cc field.']);
    expect(messagesOf({ bcc: 'x@example' })).toEqual(['You must put valid email address on bcc field.']);
  });
});

describe('button colours (docs/product/email-editor.md#rules-and-limits)', () => {
  it('measures lightness in HSL percent and contrast as WCAG 2 does', () => {
    expect(rgbToHsl(parseColor('#cccccc')!).l).toBeCloseTo(80, 0);
    expect(contrastRatio(parseColor('#000')!, parseColor('#fff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777777')!, parseColor('#ffffff')!)).toBeCloseTo(4.48, 2);
  });

  it('refuses a background with lightness over 80: choose a darker colour', () => {
    expect(buttonColorProblem({ color: '#000000', background: '#dddddd' })).toBe('darker');
    expect(messagesOf({ button_styles: { color: '#000000', background: '#dddddd' } })).toEqual([DARKER]);
    expect(messagesOf({ button_styles: { color: '#000000', background: '#cccccc' } })).toEqual([]);
  });

  it('refuses text and background whose contrast ratio does not exceed 2.5: choose a different colour', () => {
    expect(messagesOf({ button_styles: { color: '#ffffff', background: '#aaaaaa' } })).toEqual([DIFFERENT]);
    expect(messagesOf({ button_styles: { color: '#333333', background: '#444444' } })).toEqual([DIFFERENT]);
    expect(messagesOf({ button_styles: { color: '#ffffff', background: '#2f6b2f' } })).toEqual([]);
  });

  it('keeps the original default accepted for sets saved with it, and gives new sets a default readable at WCAG AA', () => {
    expect(buttonColorProblem({ color: '#FFF', background: '#B0BC36' })).toBeNull();
    expect(contrastRatio(parseColor(DEFAULT_BUTTON_COLORS.color)!, parseColor(DEFAULT_BUTTON_COLORS.background)!)).toBeGreaterThanOrEqual(
      4.5,
    );
  });

  it('auto-adjusts a too-light background to the nearest accepted shade of the same hue', () => {
    const { colors, message } = adjustButtonColor({ color: '#000000', background: '#e8f0c0' });
    expect(message).toBe(DARKER);
    const hsl = rgbToHsl(parseColor(colors.background)!);
    expect(hsl.l).toBeLessThanOrEqual(80);
    expect(hsl.l).toBeGreaterThan(78);
    expect(Math.abs(hsl.h - rgbToHsl(parseColor('#e8f0c0')!).h)).toBeLessThan(3);
    expect(buttonColorProblem(colors)).toBeNull();
  });

  it('auto-adjusts the colour just changed until the contrast is enough', () => {
    const background = adjustButtonColor({ color: '#ffffff', background: '#a8aeb4' }, 'background');
    expect(background.message).toBe(DIFFERENT);
    expect(background.colors.color).toBe('#ffffff');
    expect(contrastRatio(parseColor(background.colors.background)!, parseColor('#ffffff')!)).toBeGreaterThan(2.5);

    const text = adjustButtonColor({ color: '#5a6a7a', background: '#334455' }, 'color');
    expect(text.message).toBe(DIFFERENT);
    expect(text.colors.background).toBe('#334455');
    expect(buttonColorProblem(text.colors)).toBeNull();
  });

  it('leaves an accepted pair alone', () => {
    expect(adjustButtonColor({ color: '#ffffff', background: '#1d4ed8' })).toEqual({
      colors: { color: '#ffffff', background: '#1d4ed8' },
      message: null,
    });
  });
});
