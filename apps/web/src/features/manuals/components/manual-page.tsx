import { Box, Button, Link, Stack, Typography } from '@mui/material';
import PrintIcon from '@mui/icons-material/Print';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/language-switch';
import { useAppConfig } from '@/lib/session/app-config';
import './manual.css';

export type ManualKind = 'dealer' | 'customer';

interface ManualSection {
  id: string;
  /** A screenshot under /ui/manual-images/{image}.png (scripts/manual-screenshots.ts makes them), or ''. */
  image: string;
  title: string;
  text: string;
  steps?: string[];
}

/**
 * The dealer and customer manuals of the footer's programme links (APP-07: dealer manual for
 * account types 1 and 0, customer manual for 2 and 0): what each role can do, step by step, with
 * screenshots, in the interface language, and printable (manual.css).
 */
export function ManualPage({ kind }: { kind: ManualKind }) {
  const { t } = useTranslation('manuals');
  const { data: config } = useAppConfig();
  const brand = config?.brandName ?? '';
  const sections = t(`${kind}.sections`, { returnObjects: true }) as ManualSection[] | string;
  const list = Array.isArray(sections) ? sections : [];
  const support = config?.support;
  return (
    <Box component="article" className="manual-page" sx={{ maxWidth: 820, mx: 'auto' }}>
      <Stack direction="row" className="manual-tools" spacing={2} useFlexGap sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mb: 2 }}>
        <LanguageSwitch />
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => window.print()}>
          {t('print')}
        </Button>
      </Stack>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t(`${kind}.title`)}
      </Typography>
      <Typography sx={{ mb: 3 }}>{t(`${kind}.intro`, { brand })}</Typography>
      <Box component="nav" aria-labelledby="manual-contents" className="manual-contents" sx={{ mb: 4 }}>
        <Typography id="manual-contents" variant="h2" sx={{ fontSize: '1.25rem', mb: 1 }}>
          {t('contents')}
        </Typography>
        <ol>
          {list.map((s) => (
            <li key={s.id}>
              <Link href={`#${s.id}`}>{s.title}</Link>
            </li>
          ))}
        </ol>
      </Box>
      {list.map((s, i) => (
        <Box component="section" key={s.id} aria-labelledby={`${s.id}-title`} className="manual-section" sx={{ mb: 4 }}>
          <Typography id={`${s.id}-title`} variant="h2" sx={{ fontSize: '1.5rem', mb: 1, scrollMarginTop: 16 }}>
            <span id={s.id}>
              {i + 1}. {s.title}
            </span>
          </Typography>
          <Typography sx={{ mb: 1 }}>{s.text}</Typography>
          {s.steps && (
            <ol className="manual-steps">
              {s.steps.map((step) => (
                <li key={step}>
                  <Typography component="span">{step}</Typography>
                </li>
              ))}
            </ol>
          )}
          {s.id === 'help' && support && (
            <Typography sx={{ fontWeight: 600 }}>
              {support.phone} · {support.email} · {support.hours}
            </Typography>
          )}
          {s.image && (
            <figure className="manual-figure">
              <img src={`/ui/manual-images/${s.image}.png`} alt={t('figure', { title: s.title })} loading="lazy" width={800} height={500} />
            </figure>
          )}
        </Box>
      ))}
    </Box>
  );
}
