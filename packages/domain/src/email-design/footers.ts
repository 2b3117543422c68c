/**
 * The default footer of the certificate email in each footer language (docs/product/email-editor.md#what-is-kept, docs/product/email-editor.md#rules-and-limits). The codes are
 * the product's own ('sp' for Spanish, 'ch' for Chinese) because stored designs use them.
 * [RECIPIENT EMAIL] and [ACCOUNT_NAME] are merge fields filled in when the message is composed.
 */

export const EMAIL_FOOTER_LANGUAGES = ['en', 'fr', 'sp', 'ar', 'pt', 'de', 'ru', 'ch', 'nl', 'it', 'hu', 'ro'] as const;
export type EmailFooterLanguage = (typeof EMAIL_FOOTER_LANGUAGES)[number];

export interface EmailFooterText {
  /** The language's own name, for the editor's select. */
  label: string;
  /** BCP 47 tag for the lang attribute of the rendered footer. */
  lang: string;
  dir: 'ltr' | 'rtl';
  sentTo: string;
  reason: string;
  privacy: string;
  preferences: string;
  unsubscribe: string;
  share: string;
  addToLinkedIn: string;
  /** Invitation to sign up to the product, under the opt-out links. */
  signUp: string;
}

export const EMAIL_FOOTERS: Readonly<Record<EmailFooterLanguage, EmailFooterText>> = {
  en: {
    label: 'English',
    lang: 'en',
    dir: 'ltr',
    sentTo: 'This email was sent to [RECIPIENT EMAIL] by [ACCOUNT_NAME].',
    reason: 'You are receiving it because [ACCOUNT_NAME] issued a certificate to this address.',
    privacy: 'Privacy policy',
    preferences: 'Update email preferences',
    unsubscribe: 'Unsubscribe',
    share: 'Share your achievement',
    addToLinkedIn: 'Add to LinkedIn profile',
    signUp: 'Create your own certificates',
  },
  fr: {
    label: 'Français',
    lang: 'fr',
    dir: 'ltr',
    sentTo: 'Cet e-mail a été envoyé à [RECIPIENT EMAIL] par [ACCOUNT_NAME].',
    reason: 'Vous le recevez parce que [ACCOUNT_NAME] a délivré un certificat à cette adresse.',
    privacy: 'Politique de confidentialité',
    preferences: 'Gérer vos préférences e-mail',
    unsubscribe: 'Se désabonner',
    share: 'Partagez votre réussite',
    addToLinkedIn: 'Ajouter à mon profil LinkedIn',
    signUp: 'Créez vos propres certificats',
  },
  sp: {
    label: 'Español',
    lang: 'es',
    dir: 'ltr',
    sentTo: 'Este correo electrónico fue enviado a [RECIPIENT EMAIL] por [ACCOUNT_NAME].',
    reason: 'Lo recibe porque [ACCOUNT_NAME] emitió un certificado a esta dirección.',
    privacy: 'Política de privacidad',
    preferences: 'Actualizar preferencias de correo',
    unsubscribe: 'Cancelar la suscripción',
    share: 'Comparta su logro',
    addToLinkedIn: 'Añadir al perfil de LinkedIn',
    signUp: 'Cree sus propios certificados',
  },
  ar: {
    label: 'العربية',
    lang: 'ar',
    dir: 'rtl',
    sentTo: 'أُرسلت هذه الرسالة إلى [RECIPIENT EMAIL] من قِبل [ACCOUNT_NAME].',
    reason: 'تتلقى هذه الرسالة لأن [ACCOUNT_NAME] أصدر شهادة لهذا العنوان.',
    privacy: 'سياسة الخصوصية',
    preferences: 'تحديث تفضيلات البريد الإلكتروني',
    unsubscribe: 'إلغاء الاشتراك',
    share: 'شارك إنجازك',
    addToLinkedIn: 'أضف إلى ملفك الشخصي على LinkedIn',
    signUp: 'أنشئ شهاداتك الخاصة',
  },
  pt: {
    label: 'Português',
    lang: 'pt',
    dir: 'ltr',
    sentTo: 'Este e-mail foi enviado para [RECIPIENT EMAIL] por [ACCOUNT_NAME].',
    reason: 'Você está recebendo esta mensagem porque [ACCOUNT_NAME] emitiu um certificado para este endereço.',
    privacy: 'Política de privacidade',
    preferences: 'Atualizar preferências de e-mail',
    unsubscribe: 'Cancelar inscrição',
    share: 'Compartilhe sua conquista',
    addToLinkedIn: 'Adicionar ao perfil do LinkedIn',
    signUp: 'Crie seus próprios certificados',
  },
  de: {
    label: 'Deutsch',
    lang: 'de',
    dir: 'ltr',
    sentTo: 'Diese E-Mail wurde von [ACCOUNT_NAME] an [RECIPIENT EMAIL] gesendet.',
    reason: 'Sie erhalten sie, weil [ACCOUNT_NAME] ein Zertifikat für diese Adresse ausgestellt hat.',
    privacy: 'Datenschutzerklärung',
    preferences: 'E-Mail-Einstellungen ändern',
    unsubscribe: 'Abmelden',
    share: 'Teilen Sie Ihren Erfolg',
    addToLinkedIn: 'Zum LinkedIn-Profil hinzufügen',
    signUp: 'Erstellen Sie Ihre eigenen Zertifikate',
  },
  ru: {
    label: 'Русский',
    lang: 'ru',
    dir: 'ltr',
    sentTo: 'Это письмо отправлено на адрес [RECIPIENT EMAIL] от имени [ACCOUNT_NAME].',
    reason: 'Вы получили его, потому что [ACCOUNT_NAME] выдал сертификат на этот адрес.',
    privacy: 'Политика конфиденциальности',
    preferences: 'Изменить настройки рассылки',
    unsubscribe: 'Отписаться',
    share: 'Поделитесь своим достижением',
    addToLinkedIn: 'Добавить в профиль LinkedIn',
    signUp: 'Создайте собственные сертификаты',
  },
  ch: {
    label: '中文',
    lang: 'zh-Hans',
    dir: 'ltr',
    sentTo: '此邮件由 [ACCOUNT_NAME] 发送至 [RECIPIENT EMAIL]。',
    reason: '您收到此邮件，是因为 [ACCOUNT_NAME] 向此邮箱地址颁发了证书。',
    privacy: '隐私政策',
    preferences: '更新邮件偏好设置',
    unsubscribe: '退订',
    share: '分享您的成就',
    addToLinkedIn: '添加到 LinkedIn 个人资料',
    signUp: '创建您自己的证书',
  },
  nl: {
    label: 'Nederlands',
    lang: 'nl',
    dir: 'ltr',
    sentTo: 'Deze e-mail is door [ACCOUNT_NAME] verzonden naar [RECIPIENT EMAIL].',
    reason: 'U ontvangt dit bericht omdat [ACCOUNT_NAME] een certificaat aan dit adres heeft uitgereikt.',
    privacy: 'Privacybeleid',
    preferences: 'E-mailvoorkeuren wijzigen',
    unsubscribe: 'Afmelden',
    share: 'Deel uw prestatie',
    addToLinkedIn: 'Toevoegen aan LinkedIn-profiel',
    signUp: 'Maak uw eigen certificaten',
  },
  it: {
    label: 'Italiano',
    lang: 'it',
    dir: 'ltr',
    sentTo: 'Questa e-mail è stata inviata a [RECIPIENT EMAIL] da [ACCOUNT_NAME].',
    reason: 'La ricevi perché [ACCOUNT_NAME] ha rilasciato un certificato a questo indirizzo.',
    privacy: 'Informativa sulla privacy',
    preferences: 'Aggiorna le preferenze e-mail',
    unsubscribe: 'Annulla l’iscrizione',
    share: 'Condividi il tuo traguardo',
    addToLinkedIn: 'Aggiungi al profilo LinkedIn',
    signUp: 'Crea i tuoi certificati',
  },
  hu: {
    label: 'Magyar',
    lang: 'hu',
    dir: 'ltr',
    sentTo: 'Ezt az e-mailt a(z) [ACCOUNT_NAME] küldte a(z) [RECIPIENT EMAIL] címre.',
    reason: 'Azért kapta, mert a(z) [ACCOUNT_NAME] tanúsítványt állított ki erre a címre.',
    privacy: 'Adatvédelmi tájékoztató',
    preferences: 'E-mail-beállítások módosítása',
    unsubscribe: 'Leiratkozás',
    share: 'Ossza meg az eredményét',
    addToLinkedIn: 'Hozzáadás a LinkedIn-profilhoz',
    signUp: 'Készítse el saját tanúsítványait',
  },
  ro: {
    label: 'Română',
    lang: 'ro',
    dir: 'ltr',
    sentTo: 'Acest e-mail a fost trimis la [RECIPIENT EMAIL] de către [ACCOUNT_NAME].',
    reason: 'Îl primiți deoarece [ACCOUNT_NAME] a emis un certificat pentru această adresă.',
    privacy: 'Politica de confidențialitate',
    preferences: 'Actualizați preferințele de e-mail',
    unsubscribe: 'Dezabonare',
    share: 'Distribuiți realizarea dvs.',
    addToLinkedIn: 'Adăugați la profilul LinkedIn',
    signUp: 'Creați-vă propriile certificate',
  },
};

/** The footer as one block of text, as the editor shows it under the body. */
export function defaultFooterText(language: EmailFooterLanguage): string {
  const f = EMAIL_FOOTERS[language];
  return `${f.sentTo} ${f.reason}\n${f.privacy} · ${f.preferences} · ${f.unsubscribe}`;
}
