import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'main-content';

/**
 * "Skip to main content" (issue 17): the first thing a keyboard reaches on a signed-in page, hidden until
 * focused; it moves the focus to the page's <main id="main-content" tabIndex={-1}>. Focus is moved by hand:
 * a #hash navigation would go through the router.
 */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <Box
      component="a"
      href={`#${MAIN_ID}`}
      onClick={(e) => {
        e.preventDefault();
        const main = document.getElementById(MAIN_ID);
        main?.focus();
      }}
      sx={{
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: (th) => th.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 700,
        border: 2,
        borderColor: 'primary.main',
        borderRadius: 1,
        transform: 'translateY(-200%)',
        '&:focus': { transform: 'none' },
      }}
    >
      {t('app.skip-to-main')}
    </Box>
  );
}
