import { useState } from 'react';
import { Box, Button, Card, CardActions, CardContent, LinearProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import {
  PART_QUERY_TYPES,
  PART_SEARCH_MAX,
  partsSearchFormSchema,
  type EstesMapping,
  type EstesPart,
  type PartsSearchForm,
} from '@fc/contract/maintenance';
import { useToast } from '@/components/toast';
import { useCan } from '@/lib/session/current-user';
import { useEstesPart, type EstesSearch } from '../api/get-estes-part';
import { useExportEstesParts } from '../api/export-estes-parts';
import { useRemoveEstesPart } from '../api/remove-estes-part';
import { EstesAddDialog } from './estes-add-dialog';
import { useMaintenanceFieldMessage } from './field-message';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { ApiError } from '@/lib/api-client';

type FormValues = { part: string; type: '' | PartsSearchForm['type'] };
const EMPTY: FormValues = { part: '', type: '' };

/**
 * Parts mapping (PART-01 to PART-06): search a mapping by custom or international part
 * number, add one (task 507), remove one behind a Yes/No confirmation (task 507), and export them all.
 */
export default function EstesPartsPage() {
  const { t } = useTranslation('maintenance');
  const toast = useToast();
  const fieldMessage = useMaintenanceFieldMessage();
  const canModify = useCan('partsMappingModify');
  const [search, setSearch] = useState<EstesSearch | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<EstesPart | null>(null);
  const result = useEstesPart(search);
  const remove = useRemoveEstesPart();
  const exporter = useExportEstesParts();
  const { control, handleSubmit, reset } = useForm<FormValues, unknown, PartsSearchForm>({
    // The form starts with no type chosen (''), which the schema refuses as required.
    resolver: zodResolver(partsSearchFormSchema) as unknown as Resolver<FormValues, unknown, PartsSearchForm>,
    defaultValues: EMPTY,
  });

  const onSearch = handleSubmit((v) => {
    if (search && search.part_no === v.part && search.query_type === v.type) void result.refetch();
    else setSearch({ part_no: v.part, query_type: v.type });
  });
  const onClear = () => {
    reset(EMPTY);
    setSearch(null);
  };
  const onExport = () =>
    exporter.mutate(undefined, {
      onError: () => toast.error(t('parts.messages.export-error')),
    });
  const onAdded = (m: EstesMapping) => {
    reset({ part: m.part_no, type: 'international' });
    setSearch({ part_no: m.part_no, query_type: 'international' });
  };
  const confirmRemove = () => {
    const target = removing;
    setRemoving(null);
    if (!target) return;
    remove.mutate(
      { part_no: target.partNo, custom_part_no: target.customPartNo },
      {
        onSuccess: () =>
          toast.success(t('parts.messages.estes-remove-success', { partNo: target.partNo, customPartNo: target.customPartNo })),
        onError: () => toast.error(t('parts.messages.estes-remove-error')),
      },
    );
  };

  const found = search && result.isSuccess ? result.data : null;
  // A refused search (400, 404) finds nothing; a call that failed says so, with a retry (docs/decisions/0331).
  const refused = result.error instanceof ApiError && result.error.status >= 400 && result.error.status < 500;
  const failed = !!search && !result.isFetching && result.isError && !refused;
  const noData = !!search && !result.isFetching && (refused || (result.isSuccess && !result.data));

  return (
    <>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {t('parts.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('parts.intro')}
      </Typography>

      <Box component="form" role="search" aria-label={t('parts.search-form')} noValidate onSubmit={(e) => void onSearch(e)} sx={{ mb: 3 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <Controller
            name="part"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                label={t('parts.part')}
                required
                size="small"
                error={!!fieldState.error}
                helperText={fieldState.error ? fieldMessage(fieldState.error.message, t('parts.part')) : ' '}
                slotProps={{ htmlInput: { maxLength: PART_SEARCH_MAX, autoCapitalize: 'characters', spellCheck: false } }}
                sx={{ minWidth: { sm: 240 } }}
              />
            )}
          />
          <Controller
            name="type"
            control={control}
            render={({ field: { ref, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                select
                label={t('parts.type')}
                required
                size="small"
                error={!!fieldState.error}
                helperText={fieldState.error ? fieldMessage(fieldState.error.message, t('parts.type')) : ' '}
                sx={{ minWidth: { sm: 180 } }}
              >
                {PART_QUERY_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>
                    {t(`parts.types.${type}`)}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button type="submit" variant="contained">
              {t('common:actions.search')}
            </Button>
            <Button variant="outlined" onClick={onClear}>
              {t('common:actions.clear')}
            </Button>
            {canModify && (
              <Button variant="outlined" onClick={() => setAdding(true)}>
                {t('common:actions.add')}
              </Button>
            )}
            <Button variant="outlined" onClick={onExport} disabled={exporter.isPending}>
              {t('common:actions.export')}
            </Button>
          </Stack>
        </Stack>
      </Box>

      <Box aria-live="polite">
        {result.isFetching && <LinearProgress aria-label={t('parts.searching')} />}
        {found && (
          <Card variant="outlined" sx={{ maxWidth: 560 }} data-testid="estes-result">
            <CardContent>
              <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
                {t('parts.result')}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr' }, columnGap: 2, rowGap: 0.5 }}
              >
                <Typography component="dt" color="text.secondary">
                  {t('parts.part-no')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="estes-part-no">
                  {found.partNo}
                </Typography>
                <Typography component="dt" color="text.secondary">
                  {t('parts.custom-part-no')}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600 }} data-testid="estes-custom-part-no">
                  {found.customPartNo}
                </Typography>
                {found.description && (
                  <>
                    <Typography component="dt" color="text.secondary">
                      {t('parts.description')}
                    </Typography>
                    <Typography component="dd" sx={{ m: 0 }}>
                      {found.description}
                    </Typography>
                  </>
                )}
              </Box>
            </CardContent>
            {canModify && (
              <CardActions>
                <Button color="error" onClick={() => setRemoving(found)} disabled={remove.isPending}>
                  {t('parts.remove')}
                </Button>
              </CardActions>
            )}
          </Card>
        )}
        {noData && <Typography data-testid="estes-no-data">{t('parts.no-data-found')}</Typography>}
        {failed && <LoadError onRetry={() => void result.refetch()} />}
      </Box>

      <EstesAddDialog open={adding} onClose={() => setAdding(false)} onAdded={onAdded} />

      <ConfirmDialog
        open={!!removing}
        title={t('parts.confirm-remove-title')}
        text={t('parts.confirm-remove', { partNo: removing?.partNo ?? '', customPartNo: removing?.customPartNo ?? '' })}
        confirmLabel={t('common:actions.yes')}
        cancelLabel={t('common:actions.no')}
        focus="cancel"
        onClose={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </>
  );
}
