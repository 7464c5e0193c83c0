import { Box, Tab, Tabs, Typography } from '@mui/material';
import { useUrlSearchParams } from '@/lib/url-search';
import { useTranslation } from 'react-i18next';
import { BundlesTab } from './bundles-tab';
import { CustomersTab } from './customers-tab';
import { ProgramsTab } from './programs-tab';

const TABS = ['customers', 'programs', 'bundles'] as const;
type TabName = (typeof TABS)[number];

/**
 * The corporate loyalty page (LOY-04): customers (enrolments), programs (templates) and
 * bundles. The tab lives in the `tab` query parameter (default customers), so a link or the back button
 * switches it like a click.
 */
export default function CorpLoyaltyPage() {
  const { t } = useTranslation('corp-loyalty');
  const [params, setParams] = useUrlSearchParams();
  const requested = params.get('tab');
  const tab: TabName = (TABS as readonly string[]).includes(requested ?? '') ? (requested as TabName) : 'customers';
  return (
    <>
      <Typography variant="h1" sx={{ mb: 2 }}>
        {t('heading')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: TabName) =>
            setParams((prev) => {
              // Each tab keeps its own table state (prefixed keys); only the tab changes.
              const p = new URLSearchParams(prev);
              p.set('tab', next);
              return p;
            })
          }
          // Arrows only when the tabs overflow (a narrow screen or a long translation), never on a wide one.
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('tabs.label')}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`tabs.${name}`)} id={`loyalty-tab-${name}`} aria-controls={`loyalty-panel-${name}`} />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`loyalty-panel-${tab}`} aria-labelledby={`loyalty-tab-${tab}`}>
        {tab === 'customers' && <CustomersTab />}
        {tab === 'programs' && <ProgramsTab />}
        {tab === 'bundles' && <BundlesTab />}
      </Box>
    </>
  );
}
