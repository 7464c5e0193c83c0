import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlLang, pickUiLanguage, uiLanguages, type UiLanguage } from '@/lib/i18n';

/**
 * en-us, es, fr as a native select: light, and usable by keyboard and screen readers as is. The public
 * header's and the account frame's: pages for visitors, whose choice this browser remembers (lib/i18n.ts) and
 * the login form sends, so the session that starts keeps it (decision 0401);
 * the signed-in layouts' switch also saves it for the user (components/language-switch.tsx).
 */
export function LanguageSelect({ className = '' }: { className?: string }) {
  const { t, i18n: instance } = useTranslation();
  const id = useId();
  const languages = uiLanguages();
  const value = (languages as readonly string[]).includes(instance.language) ? instance.language : 'en-us';
  return (
    <span className={`pub-lang ${className}`}>
      <label htmlFor={id} className="pub-visually-hidden">
        {t('app.language')}
      </label>
      <select id={id} value={value} onChange={(e) => void pickUiLanguage(e.target.value as UiLanguage)}>
        {languages.map((l) => (
          <option key={l} value={l} lang={htmlLang(l)}>
            {t(`app.languages.${l}`)}
          </option>
        ))}
      </select>
    </span>
  );
}
