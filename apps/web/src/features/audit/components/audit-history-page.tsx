import { useState } from 'react';
import { Box, Button, MenuItem, Stack, TextField, Typography, useMediaQuery, useTheme } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { formatDateTime, mmddyyyyToYyyymmdd, msg, toMmddyyyy } from '@fc/contract';
import { translateValidation } from '@/lib/i18n';
import { DateInputField } from '@/components/date-input-field';
import { serverGridProps } from '@/components/table/server-grid-props';
import { ServerDataGrid } from '@/components/table/server-data-grid';
import { useTableUrlState } from '@/components/table/use-table-url-state';
import { useToast } from '@/components/toast';
import { exportAudit } from '../api/export-audit';
import { AUDIT_TABLE, useAudit, type AuditRow } from '../api/get-audit';
import { useAuditFacets } from '../api/get-audit-facets';
import { diffOf } from './audit-diff';
import { auditFieldName, auditInnerWords, auditValueText, useAuditReader } from './audit-values';

/**
 * A date filter typed MM/DD/YYYY in every language (decision 0400), kept in the address as the YYYYMMDD the
 * API takes: the filter changes when the field holds a whole real date or nothing.
 */
function DateFilter({
  name,
  label,
  value,
  onChange,
}: {
  name: string;
  label: string;
  value: string | undefined;
  onChange(v: string): void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => toMmddyyyy(value));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    // The address changed elsewhere (Clear, back button): show its date.
    setShown(value);
    if (mmddyyyyToYyyymmdd(text) !== value) setText(toMmddyyyy(value));
  }
  const incomplete = text.length === 10 && !mmddyyyyToYyyymmdd(text);
  return (
    <Box sx={{ minWidth: 190, maxWidth: { md: 220 } }}>
      <DateInputField
        name={name}
        label={label}
        value={text}
        error={incomplete}
        helperText={incomplete ? translateValidation(msg('date-format', { format: t('common:date-input.mask') }), label) : undefined}
        onChange={(v) => {
          setText(v);
          const compact = mmddyyyyToYyyymmdd(v);
          if (v === '' || compact) onChange(compact ?? '');
        }}
      />
    </Box>
  );
}

/** Audit history (corporate): every write of the portal, filtered by entity, user and date, exportable to CSV. */
/** A value that lists records (audit-diff.ts: one a line) as a list in the cell, each record a bullet. */
function Lines({ text }: { text: string }) {
  const [head, ...records] = text.split('\n');
  if (records.length === 0) return text;
  return (
    <>
      {head}
      <Box component="ul" sx={{ m: 0, pl: 2, listStyleType: 'circle' }}>
        {records.map((record, i) => (
          <li key={i}>{record}</li>
        ))}
      </Box>
    </>
  );
}

export default function AuditHistoryPage() {
  const { t } = useTranslation('audit');
  const reader = useAuditReader();
  const toast = useToast();
  const { state, defaultSort, update, query } = useTableUrlState(AUDIT_TABLE);
  const list = useAudit(query);
  const { data: facets } = useAuditFacets();
  const [exporting, setExporting] = useState(false);
  // A phone shows the change beside its record, not five columns to the right of it.
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const entityOf = (r: AuditRow) => t(`entities.${r.entity}`, { defaultValue: r.entity });
  const actionOf = (r: AuditRow) => t(`actions.${r.action}`, { defaultValue: r.action });

  const wide: GridColDef<AuditRow>[] = [
    { field: 'at', headerName: t('columns.at'), width: 180, valueFormatter: (v: string) => formatDateTime(v) },
    { field: 'username', headerName: t('columns.username'), width: 120, valueGetter: (_v, r) => r.username ?? t('system') },
    {
      field: 'entity',
      headerName: t('columns.entity'),
      width: 150,
      valueGetter: (_v, r) => entityOf(r),
    },
    { field: 'entity_id', headerName: t('columns.entity_id'), width: 110, valueGetter: (_v, r) => r.entityId ?? '' },
    {
      field: 'action',
      headerName: t('columns.action'),
      width: 140,
      valueGetter: (_v, r) => actionOf(r),
    },
  ];
  const change: GridColDef<AuditRow> = {
    field: 'change',
    headerName: t('columns.change'),
    flex: 1,
    minWidth: narrow ? 160 : 280,
    sortable: false,
    renderCell: ({ row }) => {
      const changes = diffOf(row.before, row.after, auditValueText(row.entity, reader), auditInnerWords(row.entity, reader));
      const fieldName = auditFieldName(row.entity, reader);
      if (changes.length === 0)
        return (
          <Typography variant="body2" color="text.secondary">
            —
          </Typography>
        );
      return (
        <Box component="ul" sx={{ m: 0, py: 0.5, pl: 2, fontSize: '0.85rem', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
          {changes.slice(0, 12).map((c) => (
            <li key={c.key}>
              <strong>{fieldName(c.key)}</strong>
              {t('field-colon')}{' '}
              {c.before !== '' && (
                <del aria-label={t('before')}>
                  <Lines text={c.before} />
                </del>
              )}
              {c.before !== '' && ' → '}
              <ins aria-label={t('after')} style={{ textDecoration: 'none' }}>
                {c.after ? <Lines text={c.after} /> : t('removed')}
              </ins>
            </li>
          ))}
          {changes.length > 12 && <li>{t('more', { count: changes.length - 12 })}</li>}
        </Box>
      );
    },
  };
  // Under 600 px: when, who, what and the action as the lines of one column, then the change.
  const record: GridColDef<AuditRow> = {
    field: 'at',
    headerName: t('columns.record'),
    // Room for the first word beside the sort arrow and the menu button ("Quand," "Cuándo,").
    width: 140,
    renderCell: ({ row }) => (
      <Box sx={{ py: 0.5, fontSize: '0.85rem', whiteSpace: 'normal', overflowWrap: 'anywhere' }}>
        {formatDateTime(row.at)}
        <br />
        {row.username ?? t('system')}
        <br />
        {row.entityId ? `${entityOf(row)} ${row.entityId}` : entityOf(row)}
        <br />
        {actionOf(row)}
      </Box>
    ),
  };
  const columns = narrow ? [record, change] : [...wide, change];

  const onExport = async () => {
    setExporting(true);
    try {
      await exportAudit(query);
    } catch {
      toast.error(t('export-error'));
    } finally {
      setExporting(false);
    }
  };

  const select = (name: 'entity' | 'user', options: string[]) => (
    <TextField
      select
      size="small"
      label={t(`filters.${name}`)}
      value={state.filters[name] ?? ''}
      onChange={(e) => update({ filters: { [name]: e.target.value } })}
      sx={{ minWidth: 170 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{t('filters.all')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {name === 'entity' ? t(`entities.${o}`, { defaultValue: o }) : o}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2, gap: 1 }}>
        <Typography variant="h1">{t('heading')}</Typography>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void onExport()} disabled={exporting}>
          {t('export')}
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, flexWrap: 'wrap' }} useFlexGap>
        {select('entity', facets?.entities ?? [])}
        {select('user', facets?.users ?? [])}
        {(['from', 'to'] as const).map((name) => (
          <DateFilter
            key={name}
            name={name}
            label={t(`filters.${name}`)}
            value={state.filters[name]}
            onChange={(v) => update({ filters: { [name]: v } })}
          />
        ))}
        <Button onClick={() => update({ filters: { entity: '', user: '', from: '', to: '' }, search: '' })}>{t('filters.clear')}</Button>
      </Stack>
      <ServerDataGrid<AuditRow>
        label={t('heading')}
        {...serverGridProps(list, { state, defaultSort, update })}
        columns={columns}
        getRowHeight={() => 'auto'}
      />
    </>
  );
}
