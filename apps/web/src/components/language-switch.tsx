import { MenuItem, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { authEndpoints, LANGUAGE_CODE, type Language } from '@fc/contract';
import { call } from '@/lib/endpoint-client';
import { pickUiLanguage, uiLanguages, type UiLanguage } from '@/lib/i18n';
import { currentUserQuery, useCurrentUser } from '@/lib/session/current-user';

/**
 * en-us, es, fr; a signed-in user's choice is saved as their session language code (0, 1, 2). Where the
 * pseudo-locale is offered (development, browser tests) it is listed too, for this browser only: the server
 * never receives it.
 */
export function LanguageSwitch({ color = 'inherit' }: { color?: string }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { data: user } = useCurrentUser();
  const languages = uiLanguages();
  const change = (lng: UiLanguage) => {
    void pickUiLanguage(lng);
    if (!user || !(lng in LANGUAGE_CODE)) return;
    const language = LANGUAGE_CODE[lng as Language];
    // The loaded user carries the new code at once: a reload of users/current must not switch back.
    client.setQueryData(currentUserQuery.queryKey, (old) => (old ? { ...old, language } : old));
    void call(authEndpoints.setLanguage, { body: { language } }).catch(() => {});
  };
  return (
    <TextField
      select
      size="small"
      variant="standard"
      value={(languages as readonly string[]).includes(i18n.language) ? i18n.language : 'en-us'}
      onChange={(e) => change(e.target.value as UiLanguage)}
      label={t('app.language')}
      sx={{ minWidth: 96, '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color } }}
      slotProps={{ inputLabel: { sx: { color } } }}
    >
      {languages.map((l) => (
        <MenuItem key={l} value={l}>
          {t(`app.languages.${l}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
