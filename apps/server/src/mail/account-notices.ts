import type { Config } from '../config';
import type { Mail } from './mailer';

/** The portal's languages as users.language stores them (document 1 section 1): 0 English US, 1 Spanish, 2 French. */
export type MailLanguage = 0 | 1 | 2;
const LOCALES: Record<MailLanguage, string> = { 0: 'en-US', 1: 'es', 2: 'fr' };
export const mailLanguage = (code: number): MailLanguage => (code === 1 || code === 2 ? code : 0);

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A time as a person reads it in their language, in UTC (said so), e.g. "November 26, 2026 at 10:15 AM UTC". */
export function mailTime(at: Date, language: MailLanguage): string {
  return `${new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(at)} UTC`;
}

/** Plain paragraphs as a text and an HTML mail. */
function compose(to: string, subject: string, paragraphs: string[], links: Record<string, string> = {}): Mail {
  const html = paragraphs
    .map((p) => {
      let out = esc(p);
      for (const [text, href] of Object.entries(links)) out = out.replace(esc(text), `<a href="${esc(href)}">${esc(text)}</a>`);
      return `<p>${out}</p>`;
    })
    .join('');
  return { to, subject, text: paragraphs.join('\n\n'), html };
}

interface NoticeUser {
  username: string;
  fullName: string;
  language: number;
}

/**
 * To the old address when the recovery (reset-link) address of an account changes: what changed, when, and
 * how to report it when the user did not do it (support's phone and e-mail, with a ready report message).
 */
export function emailChangedNotice(config: Config, user: NoticeUser, oldEmail: string, at: Date): Mail {
  const lang = mailLanguage(user.language);
  const when = mailTime(at, lang);
  const brand = config.BRAND_NAME;
  const reportSubject = {
    0: `Report: e-mail address changed on account ${user.username}`,
    1: `Aviso: dirección de correo cambiada en la cuenta ${user.username}`,
    2: `Signalement : adresse e-mail modifiée sur le compte ${user.username}`,
  }[lang];
  const report = `mailto:${config.SUPPORT_EMAIL}?subject=${encodeURIComponent(reportSubject)}`;
  const texts = {
    0: {
      subject: `${brand}: the e-mail address of your account was changed`,
      body: [
        `Hello ${user.fullName},`,
        `The e-mail address that password-reset links of your ${brand} portal account (${user.username}) go to was changed on ${when}. Messages now go to the new address; this one no longer receives them.`,
        `If you made this change, there is nothing to do.`,
        `If you did not, report it at once: call ${config.SUPPORT_PHONE} (${config.SUPPORT_HOURS}) or write to ${config.SUPPORT_EMAIL}. Someone may have used your account.`,
      ],
    },
    1: {
      subject: `${brand}: se cambió la dirección de correo de su cuenta`,
      body: [
        `Hola, ${user.fullName}:`,
        `La dirección de correo a la que se envían los enlaces para restablecer la contraseña de su cuenta del portal ${brand} (${user.username}) se cambió el ${when}. Los mensajes se envían ahora a la nueva dirección; esta ya no los recibe.`,
        `Si usted hizo este cambio, no tiene que hacer nada.`,
        `Si no lo hizo, avísenos de inmediato: llame al ${config.SUPPORT_PHONE} (${config.SUPPORT_HOURS}) o escriba a ${config.SUPPORT_EMAIL}. Es posible que alguien haya usado su cuenta.`,
      ],
    },
    2: {
      subject: `${brand} : l’adresse e-mail de votre compte a été modifiée`,
      body: [
        `Bonjour ${user.fullName},`,
        `L’adresse e-mail à laquelle sont envoyés les liens de réinitialisation du mot de passe de votre compte du portail ${brand} (${user.username}) a été modifiée le ${when}. Les messages partent désormais vers la nouvelle adresse ; celle-ci ne les reçoit plus.`,
        `Si vous avez fait cette modification, vous n’avez rien à faire.`,
        `Sinon, signalez-la sans attendre : appelez le ${config.SUPPORT_PHONE} (${config.SUPPORT_HOURS}) ou écrivez à ${config.SUPPORT_EMAIL}. Quelqu’un a peut-être utilisé votre compte.`,
      ],
    },
  }[lang];
  return compose(oldEmail, texts.subject, texts.body, { [config.SUPPORT_EMAIL]: report });
}

/**
 * The answer to a forgot-password request for a single-sign-on user, sent to the account's own address (the
 * page answers every request alike, so it cannot say it): such an account has no portal password to reset;
 * it signs in through the company's identity provider.
 */
export function ssoResetNotice(config: Config, user: NoticeUser, to: string, signInUrl: string): Mail {
  const lang = mailLanguage(user.language);
  const brand = config.BRAND_NAME;
  const texts = {
    0: {
      subject: `${brand}: your account signs in through your company`,
      body: [
        `Hello ${user.fullName},`,
        `Someone asked to reset the password of your ${brand} portal account (${user.username}). Your account has no portal password: you sign in with your company account, through your company's sign-in page:`,
        signInUrl,
        `To change that password, use your company's own procedure. If you did not ask for this, you can ignore this message. Support: ${config.SUPPORT_PHONE} · ${config.SUPPORT_EMAIL}`,
      ],
    },
    1: {
      subject: `${brand}: su cuenta inicia sesión a través de su empresa`,
      body: [
        `Hola, ${user.fullName}:`,
        `Alguien pidió restablecer la contraseña de su cuenta del portal ${brand} (${user.username}). Su cuenta no tiene contraseña del portal: usted inicia sesión con la cuenta de su empresa, en la página de inicio de sesión de su empresa:`,
        signInUrl,
        `Para cambiar esa contraseña, siga el procedimiento de su empresa. Si no lo pidió, puede ignorar este mensaje. Soporte: ${config.SUPPORT_PHONE} · ${config.SUPPORT_EMAIL}`,
      ],
    },
    2: {
      subject: `${brand} : votre compte se connecte par votre entreprise`,
      body: [
        `Bonjour ${user.fullName},`,
        `Quelqu’un a demandé la réinitialisation du mot de passe de votre compte du portail ${brand} (${user.username}). Votre compte n’a pas de mot de passe du portail : vous vous connectez avec le compte de votre entreprise, sur la page de connexion de votre entreprise :`,
        signInUrl,
        `Pour changer ce mot de passe, suivez la procédure de votre entreprise. Si vous n’avez rien demandé, ignorez ce message. Assistance : ${config.SUPPORT_PHONE} · ${config.SUPPORT_EMAIL}`,
      ],
    },
  }[lang];
  return compose(to, texts.subject, texts.body, { [signInUrl]: signInUrl });
}
