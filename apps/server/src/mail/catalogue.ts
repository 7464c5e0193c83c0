import type { Language } from '@fc/contract';

/**
 * The texts of every e-mail, in each language of the portal (decision 0420). en-us is the source; es and fr
 * must have every key (the type says so, and test/mail/templates.test.ts renders each template in each
 * language). A text is a Handlebars template over the message's values: `{{name}}` is escaped in the HTML
 * part. Keys ending in `_one` / `_other` are chosen by the plural rules of the language (`count`).
 */
const en = {
  common: {
    greeting: 'Hello {{name}},',
    support: 'Support: {{phone}} ({{hours}}) · {{email}}',
    footer: 'This message was sent by the {{brand}} portal. Please do not reply to it.',
  },
  passwordReset: {
    subject: '{{brand}}: reset your password',
    preheader: 'A link to choose a new password',
    intro_one:
      'Someone asked to reset the password of your {{brand}} portal account ({{username}}). To choose a new password, open this link within {{count}} minute:',
    intro_other:
      'Someone asked to reset the password of your {{brand}} portal account ({{username}}). To choose a new password, open this link within {{count}} minutes:',
    button: 'Choose a new password',
    once: 'The link works once. If you did not ask for it, ignore this message: your password stays as it is.',
  },
  ssoReset: {
    subject: '{{brand}}: your account signs in through your company',
    preheader: 'Your account has no portal password',
    intro:
      'Someone asked to reset the password of your {{brand}} portal account ({{username}}). Your account has no portal password: you sign in with your company account, through your company’s sign-in page:',
    button: 'Sign in through your company',
    procedure: 'To change that password, use your company’s own procedure. If you did not ask for this, you can ignore this message.',
  },
  emailChanged: {
    subject: '{{brand}}: the e-mail address of your account was changed',
    preheader: 'Password-reset links now go to another address',
    intro:
      'The e-mail address that password-reset links of your {{brand}} portal account ({{username}}) go to was changed on {{date}} at {{time}} UTC. Messages now go to the new address; this one no longer receives them.',
    ok: 'If you made this change, there is nothing to do.',
    report: 'If you did not, report it at once: call {{phone}} ({{hours}}) or write to {{email}}. Someone may have used your account.',
    reportButton: 'Report this change',
    reportSubject: 'Report: e-mail address changed on account {{username}}',
  },
  accountRequest: {
    subject: 'Account request #{{id}}: {{company}} (customer {{accountNumber}})',
    preheader: 'A new account request to review',
    intro: 'A new account request was submitted on the {{brand}} portal on {{date}} at {{time}} UTC.',
    fields: {
      id: 'Request',
      fullName: 'Full name',
      jobTitle: 'Job title',
      phone: 'Phone',
      email: 'E-mail',
      accountNumber: 'Customer no.',
      company: 'Company',
      address: 'Address',
      city: 'City',
      state: 'State',
      zip: 'Zip',
    },
    review: 'Review it on the account requests page (review takes 1 to 2 business days):',
    button: 'Open account requests',
  },
  secondFactor: {
    addedSubject: '{{brand}}: a second factor was added to your account',
    addedPreheader: 'Sign-ins now ask for a code from your authenticator app',
    addedIntro:
      'A second factor (an authenticator app) was added to your {{brand}} portal account ({{username}}) on {{date}} at {{time}} UTC. From now on, signing in asks for a code from that app after your password.',
    removedSubject: '{{brand}}: the second factor of your account was removed',
    removedPreheader: 'Sign-ins no longer ask for a code',
    removedIntro:
      'The second factor (authenticator app) of your {{brand}} portal account ({{username}}) was removed on {{date}} at {{time}} UTC. Signing in no longer asks for a code.',
    resetIntro:
      'An administrator removed the second factor (authenticator app) of your {{brand}} portal account ({{username}}) on {{date}} at {{time}} UTC. Signing in no longer asks for a code until you set one up again.',
    recoverySubject: '{{brand}}: a recovery code of your account was used',
    recoveryPreheader: 'Someone signed in or confirmed a change with a recovery code',
    recoveryIntro:
      'A recovery code of your {{brand}} portal account ({{username}}) was used on {{date}} at {{time}} UTC in place of a code from your authenticator app. Each recovery code works once.',
    left_one: 'You have {{count}} unused recovery code left. Make new ones from your profile page.',
    left_other: 'You have {{count}} unused recovery codes left. You can make new ones from your profile page.',
    ok: 'If this was you, there is nothing to do.',
    report: 'If it was not, report it at once: call {{phone}} ({{hours}}) or write to {{email}}. Someone may have used your account.',
  },
  coreReport: {
    subject: '{{brand}} core management: errors in {{fileName}}',
    preheader: 'Your core management upload had errors',
    intro: 'Your core management upload {{fileName}} (file {{seq}}, {{fileType}}) had errors.',
    fileError: 'The file was not processed: {{reason}}',
    summary: 'Rows rejected: {{rejected}} of {{total}}. Rows applied: {{applied}}.',
    problemsHeading: 'Problems',
    row: 'Row {{row}}',
    /** Between a row and its problem (French puts a space before the colon). */
    colon: ': ',
    more_one: '… and {{count}} more problem in the attached report.',
    more_other: '… and {{count}} more problems in the attached report.',
    attached: 'The attached report ({{reportName}}) lists every problem with its row and column.',
    fileTypes: { coreless: 'Coreless', priceVerify: 'Price Verify' },
    columns: { row: 'Row', column: 'Column', value: 'Value', reason: 'Problem' },
  },
};

export type Catalogue = typeof en;
type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

const es: Shape<Catalogue> = {
  common: {
    greeting: 'Hola, {{name}}:',
    support: 'Soporte: {{phone}} ({{hours}}) · {{email}}',
    footer: 'Este mensaje lo envió el portal {{brand}}. Por favor, no lo responda.',
  },
  passwordReset: {
    subject: '{{brand}}: restablezca su contraseña',
    preheader: 'Un enlace para elegir una nueva contraseña',
    intro_one:
      'Alguien pidió restablecer la contraseña de su cuenta del portal {{brand}} ({{username}}). Para elegir una nueva contraseña, abra este enlace en el plazo de {{count}} minuto:',
    intro_other:
      'Alguien pidió restablecer la contraseña de su cuenta del portal {{brand}} ({{username}}). Para elegir una nueva contraseña, abra este enlace en el plazo de {{count}} minutos:',
    button: 'Elegir una nueva contraseña',
    once: 'El enlace funciona una sola vez. Si usted no lo pidió, ignore este mensaje: su contraseña no cambia.',
  },
  ssoReset: {
    subject: '{{brand}}: su cuenta inicia sesión a través de su empresa',
    preheader: 'Su cuenta no tiene contraseña del portal',
    intro:
      'Alguien pidió restablecer la contraseña de su cuenta del portal {{brand}} ({{username}}). Su cuenta no tiene contraseña del portal: usted inicia sesión con la cuenta de su empresa, en la página de inicio de sesión de su empresa:',
    button: 'Iniciar sesión a través de su empresa',
    procedure: 'Para cambiar esa contraseña, siga el procedimiento de su empresa. Si no lo pidió, puede ignorar este mensaje.',
  },
  emailChanged: {
    subject: '{{brand}}: se cambió la dirección de correo de su cuenta',
    preheader: 'Los enlaces para restablecer la contraseña van ahora a otra dirección',
    intro:
      'La dirección de correo a la que se envían los enlaces para restablecer la contraseña de su cuenta del portal {{brand}} ({{username}}) se cambió el {{date}} a las {{time}} UTC. Los mensajes se envían ahora a la nueva dirección; esta ya no los recibe.',
    ok: 'Si usted hizo este cambio, no tiene que hacer nada.',
    report:
      'Si no lo hizo, avísenos de inmediato: llame al {{phone}} ({{hours}}) o escriba a {{email}}. Es posible que alguien haya usado su cuenta.',
    reportButton: 'Avisar de este cambio',
    reportSubject: 'Aviso: dirección de correo cambiada en la cuenta {{username}}',
  },
  accountRequest: {
    subject: 'Solicitud de cuenta n.º {{id}}: {{company}} (cliente {{accountNumber}})',
    preheader: 'Una nueva solicitud de cuenta para revisar',
    intro: 'Se envió una nueva solicitud de cuenta en el portal {{brand}} el {{date}} a las {{time}} UTC.',
    fields: {
      id: 'Solicitud',
      fullName: 'Nombre completo',
      jobTitle: 'Cargo',
      phone: 'Teléfono',
      email: 'Correo electrónico',
      accountNumber: 'N.º de cliente',
      company: 'Empresa',
      address: 'Dirección',
      city: 'Ciudad',
      state: 'Estado o provincia',
      zip: 'Código postal',
    },
    review: 'Revísela en la página de solicitudes de cuenta (la revisión tarda de 1 a 2 días hábiles):',
    button: 'Abrir las solicitudes de cuenta',
  },
  secondFactor: {
    addedSubject: '{{brand}}: se añadió un segundo factor a su cuenta',
    addedPreheader: 'Al iniciar sesión se le pedirá un código de su aplicación de autenticación',
    addedIntro:
      'Se añadió un segundo factor (una aplicación de autenticación) a su cuenta del portal {{brand}} ({{username}}) el {{date}} a las {{time}} UTC. A partir de ahora, al iniciar sesión se le pedirá un código de esa aplicación después de su contraseña.',
    removedSubject: '{{brand}}: se quitó el segundo factor de su cuenta',
    removedPreheader: 'Al iniciar sesión ya no se pide un código',
    removedIntro:
      'Se quitó el segundo factor (aplicación de autenticación) de su cuenta del portal {{brand}} ({{username}}) el {{date}} a las {{time}} UTC. Al iniciar sesión ya no se pide un código.',
    resetIntro:
      'Un administrador quitó el segundo factor (aplicación de autenticación) de su cuenta del portal {{brand}} ({{username}}) el {{date}} a las {{time}} UTC. Al iniciar sesión ya no se pide un código hasta que configure uno de nuevo.',
    recoverySubject: '{{brand}}: se usó un código de recuperación de su cuenta',
    recoveryPreheader: 'Alguien inició sesión o confirmó un cambio con un código de recuperación',
    recoveryIntro:
      'Se usó un código de recuperación de su cuenta del portal {{brand}} ({{username}}) el {{date}} a las {{time}} UTC en lugar de un código de su aplicación de autenticación. Cada código de recuperación sirve una sola vez.',
    left_one: 'Le queda {{count}} código de recuperación sin usar. Cree nuevos desde su página de perfil.',
    left_other: 'Le quedan {{count}} códigos de recuperación sin usar. Puede crear nuevos desde su página de perfil.',
    ok: 'Si fue usted, no tiene que hacer nada.',
    report:
      'Si no fue usted, avísenos de inmediato: llame al {{phone}} ({{hours}}) o escriba a {{email}}. Es posible que alguien haya usado su cuenta.',
  },
  coreReport: {
    subject: '{{brand}} gestión de cascos: errores en {{fileName}}',
    preheader: 'Su archivo de gestión de cascos tenía errores',
    intro: 'Su archivo de gestión de cascos {{fileName}} (archivo {{seq}}, {{fileType}}) tenía errores.',
    fileError: 'El archivo no se procesó: {{reason}}',
    summary: 'Filas rechazadas: {{rejected}} de {{total}}. Filas aplicadas: {{applied}}.',
    problemsHeading: 'Problemas',
    row: 'Fila {{row}}',
    colon: ': ',
    more_one: '… y {{count}} problema más en el informe adjunto.',
    more_other: '… y {{count}} problemas más en el informe adjunto.',
    attached: 'El informe adjunto ({{reportName}}) enumera cada problema con su fila y su columna.',
    fileTypes: { coreless: 'Sin casco', priceVerify: 'Verificación de precio' },
    columns: { row: 'Fila', column: 'Columna', value: 'Valor', reason: 'Problema' },
  },
};

const fr: Shape<Catalogue> = {
  common: {
    greeting: 'Bonjour {{name}},',
    support: 'Assistance : {{phone}} ({{hours}}) · {{email}}',
    footer: 'Ce message a été envoyé par le portail {{brand}}. Merci de ne pas y répondre.',
  },
  passwordReset: {
    subject: '{{brand}} : réinitialisez votre mot de passe',
    preheader: 'Un lien pour choisir un nouveau mot de passe',
    intro_one:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte du portail {{brand}} ({{username}}). Pour choisir un nouveau mot de passe, ouvrez ce lien dans {{count}} minute :',
    intro_other:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte du portail {{brand}} ({{username}}). Pour choisir un nouveau mot de passe, ouvrez ce lien dans les {{count}} minutes :',
    button: 'Choisir un nouveau mot de passe',
    once: 'Le lien ne sert qu’une fois. Si vous n’avez rien demandé, ignorez ce message : votre mot de passe reste le même.',
  },
  ssoReset: {
    subject: '{{brand}} : votre compte se connecte par votre entreprise',
    preheader: 'Votre compte n’a pas de mot de passe du portail',
    intro:
      'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte du portail {{brand}} ({{username}}). Votre compte n’a pas de mot de passe du portail : vous vous connectez avec le compte de votre entreprise, sur la page de connexion de votre entreprise :',
    button: 'Se connecter par votre entreprise',
    procedure: 'Pour changer ce mot de passe, suivez la procédure de votre entreprise. Si vous n’avez rien demandé, ignorez ce message.',
  },
  emailChanged: {
    subject: '{{brand}} : l’adresse e-mail de votre compte a été modifiée',
    preheader: 'Les liens de réinitialisation partent désormais vers une autre adresse',
    intro:
      'L’adresse e-mail à laquelle sont envoyés les liens de réinitialisation du mot de passe de votre compte du portail {{brand}} ({{username}}) a été modifiée le {{date}} à {{time}} UTC. Les messages partent désormais vers la nouvelle adresse ; celle-ci ne les reçoit plus.',
    ok: 'Si vous avez fait cette modification, vous n’avez rien à faire.',
    report:
      'Sinon, signalez-la sans attendre : appelez le {{phone}} ({{hours}}) ou écrivez à {{email}}. Quelqu’un a peut-être utilisé votre compte.',
    reportButton: 'Signaler cette modification',
    reportSubject: 'Signalement : adresse e-mail modifiée sur le compte {{username}}',
  },
  accountRequest: {
    subject: 'Demande de compte n° {{id}} : {{company}} (client {{accountNumber}})',
    preheader: 'Une nouvelle demande de compte à examiner',
    intro: 'Une nouvelle demande de compte a été envoyée sur le portail {{brand}} le {{date}} à {{time}} UTC.',
    fields: {
      id: 'Demande',
      fullName: 'Nom complet',
      jobTitle: 'Fonction',
      phone: 'Téléphone',
      email: 'Adresse e-mail',
      accountNumber: 'N° de client',
      company: 'Société',
      address: 'Adresse',
      city: 'Ville',
      state: 'État ou province',
      zip: 'Code postal',
    },
    review: 'Examinez-la sur la page des demandes de compte (l’examen prend 1 à 2 jours ouvrés) :',
    button: 'Ouvrir les demandes de compte',
  },
  secondFactor: {
    addedSubject: '{{brand}} : un second facteur a été ajouté à votre compte',
    addedPreheader: 'La connexion demande désormais un code de votre application d’authentification',
    addedIntro:
      'Un second facteur (une application d’authentification) a été ajouté à votre compte du portail {{brand}} ({{username}}) le {{date}} à {{time}} UTC. Désormais, la connexion demande un code de cette application après votre mot de passe.',
    removedSubject: '{{brand}} : le second facteur de votre compte a été supprimé',
    removedPreheader: 'La connexion ne demande plus de code',
    removedIntro:
      'Le second facteur (application d’authentification) de votre compte du portail {{brand}} ({{username}}) a été supprimé le {{date}} à {{time}} UTC. La connexion ne demande plus de code.',
    resetIntro:
      'Un administrateur a supprimé le second facteur (application d’authentification) de votre compte du portail {{brand}} ({{username}}) le {{date}} à {{time}} UTC. La connexion ne demande plus de code tant que vous n’en configurez pas un nouveau.',
    recoverySubject: '{{brand}} : un code de récupération de votre compte a été utilisé',
    recoveryPreheader: 'Quelqu’un s’est connecté ou a confirmé une modification avec un code de récupération',
    recoveryIntro:
      'Un code de récupération de votre compte du portail {{brand}} ({{username}}) a été utilisé le {{date}} à {{time}} UTC à la place d’un code de votre application d’authentification. Chaque code de récupération ne sert qu’une fois.',
    left_one: 'Il vous reste {{count}} code de récupération non utilisé. Créez-en de nouveaux depuis votre page de profil.',
    left_other: 'Il vous reste {{count}} codes de récupération non utilisés. Vous pouvez en créer de nouveaux depuis votre page de profil.',
    ok: 'Si c’était vous, vous n’avez rien à faire.',
    report:
      'Sinon, signalez-le sans attendre : appelez le {{phone}} ({{hours}}) ou écrivez à {{email}}. Quelqu’un a peut-être utilisé votre compte.',
  },
  coreReport: {
    subject: '{{brand}} gestion des carcasses : erreurs dans {{fileName}}',
    preheader: 'Votre fichier de gestion des carcasses contenait des erreurs',
    intro: 'Votre fichier de gestion des carcasses {{fileName}} (fichier {{seq}}, {{fileType}}) contenait des erreurs.',
    fileError: 'Le fichier n’a pas été traité : {{reason}}',
    summary: 'Lignes rejetées : {{rejected}} sur {{total}}. Lignes appliquées : {{applied}}.',
    problemsHeading: 'Problèmes',
    row: 'Ligne {{row}}',
    colon: ' : ',
    more_one: '… et {{count}} autre problème dans le rapport joint.',
    more_other: '… et {{count}} autres problèmes dans le rapport joint.',
    attached: 'Le rapport joint ({{reportName}}) indique chaque problème avec sa ligne et sa colonne.',
    fileTypes: { coreless: 'Sans carcasse', priceVerify: 'Vérification de prix' },
    columns: { row: 'Ligne', column: 'Colonne', value: 'Valeur', reason: 'Problème' },
  },
};

export const CATALOGUES: Record<Language, Shape<Catalogue>> = { 'en-us': en, es, fr };
