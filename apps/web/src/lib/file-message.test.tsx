import { renderHook } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_MESSAGE_VALUES, FileMessageCode } from '@fc/contract/files';
import { useFileMessages } from './file-message';
import i18n, { i18nReady, switchLanguage } from './i18n';
import { readableDetail } from './server-error-text';

/** The `files` namespace of each language, read as the app ships it. */
const files = import.meta.glob<Record<string, unknown>>('../locales/*/files.json', { eager: true, import: 'default' });
const messagesOf = (lng: string) => (files[`../locales/${lng}/files.json`] as { message: Record<string, string> }).message;

const wrapper = ({ children }: { children: ReactNode }) => <Suspense fallback={null}>{children}</Suspense>;

async function hookIn(lng: 'en-us' | 'es' | 'fr') {
  await switchLanguage(lng);
  await i18n.loadNamespaces(['files', 'common']);
  return renderHook(() => useFileMessages(), { wrapper }).result.current;
}

beforeAll(async () => {
  await i18nReady;
});
afterAll(async () => {
  await switchLanguage('en-us');
  localStorage.clear();
});

describe('file messages (codes with values) in every language', () => {
  it.each(['en-us', 'es', 'fr'])('every code of the contract has a text in %s (its plural forms when it has them)', (lng) => {
    const texts = messagesOf(lng);
    for (const code of Object.values(FileMessageCode)) {
      expect(FILE_MESSAGE_VALUES[code], code).toBeDefined();
      const forms = Object.keys(texts).filter((k) => k === code || k.startsWith(`${code}_`));
      expect(forms.length, `${lng} ${code}`).toBeGreaterThan(0);
      if (forms.some((k) => k.includes('_')))
        expect(forms.sort(), `${lng} ${code}`).toEqual([`${code}_many`, `${code}_one`, `${code}_other`]);
    }
  });

  it('a core upload with rejected rows, in Spanish and French, numbers and the file type translated, one and many', async () => {
    const values = { rejected: 4, total: 1500, applied: 1496, type: 'coreless' };
    const es = await hookIn('es');
    expect(es.fileMessage('core-rejected', values, 'x')).toBe(
      '4 de 1500 filas rechazadas; aplicadas: 1496 (Sin casco); el informe detalla cada problema.',
    );
    expect(es.fileMessage('core-applied', { applied: 1, type: 'price-verify' }, 'x')).toBe('1 fila aplicada (Verificación de precio).');
    const fr = await hookIn('fr');
    expect(fr.fileMessage('core-rejected', { ...values, rejected: 1 }, 'x')).toMatch(
      /^1 ligne refusée sur 1\u202f500 ; appliquées : 1\u202f496 \(.+\) ; le rapport détaille chaque problème\.$/,
    );
    expect(fr.fileMessage('core-rejected', values, 'x')).toMatch(/^4 lignes refusées sur 1\u202f500/);
    const en = await hookIn('en-us');
    expect(en.fileMessage('core-rejected', { ...values, rejected: 1 }, 'x')).toBe(
      '1 row of 1,500 rejected, 1,496 applied (Coreless); the report lists each problem.',
    );
    expect(en.fileMessage('core-nothing-new', { applied: 2, type: 'coreless' }, 'x')).toBe('2 rows, nothing new (Coreless).');
  });

  it('a refused item-code import lists its first rows in the reader’s language', async () => {
    const fr = await hookIn('fr');
    expect(
      fr.fileMessage(
        'item-codes-refused',
        {
          refused: 2,
          bundle: 'Filtres',
          rejects: [
            { code: 'bundle-code-held', values: { value: '50000' }, line: 6 },
            { code: 'bundle-code-invalid', values: { value: 'A-1' }, line: 7 },
          ],
        },
        'English',
      ),
    ).toBe(
      '2 lignes refusées ; rien n’a été importé dans le lot Filtres. Ligne 6 : déjà dans le lot : 50000; Ligne 7 : code d’article non valide : A-1',
    );
  });

  it('an upload refused by the server names its limit and line in the reader’s language', async () => {
    const fr = await hookIn('fr');
    expect(
      fr.fileMessage(
        'upload-refused',
        { reason: 'file-line', detail: 'Line 2 is longer than 10,000 characters.', line: 2, max: 10_000 },
        'x',
      ),
    ).toBe('Refusé au téléversement : La ligne 2 dépasse 10\u202f000 caractères.');
    expect(readableDetail({ code: 'file-rows', detail: 'The file has more than 200,001 rows.', meta: { max: 200_001 } }, 'x')).toBe(
      'Le fichier compte plus de 200\u202f001 lignes.',
    );
    const es = await hookIn('es');
    expect(readableDetail({ code: 'file-too-large', detail: 'The file is larger than 20 MB.', meta: { max: 20 * 1024 * 1024 } }, 'x')).toBe(
      'El archivo pesa más de 20 MB.',
    );
    // Without its values (an older unit), the code's short text.
    expect(es.fileMessage('upload-refused', { reason: 'file-line' }, 'x')).toBe(
      `Rechazado al cargar: ${i18n.t('common:upload.errors.file-line')}`,
    );
  });

  it('a message without a known code shows the server’s sentence as it is', async () => {
    const es = await hookIn('es');
    expect(es.fileMessage(null, null, 'Sent as is')).toBe('Sent as is');
    expect(es.fileMessage('not-a-code', {}, 'Sent as is')).toBe('Sent as is');
  });
});

describe('server errors: the code’s text, never the server’s English detail (decision 0410)', () => {
  it('a row’s reason (meta.reason) in the interface language', async () => {
    await hookIn('fr');
    const error = {
      code: 'ALB16',
      detail: 'Row 6: already in the bundle: 50000',
      meta: { row: 6, reason: { code: 'bundle-code-held', values: { value: '50000' }, line: 6 } },
    };
    expect(readableDetail(error, 'fallback')).toBe('Ligne 6 : déjà dans le lot : 50000');
    await hookIn('es');
    expect(readableDetail(error, 'fallback')).toBe('Línea 6: ya está en el paquete: 50000');
  });

  it('a catalogue or upload code by its translation; an unknown code by the fallback, not the English detail', async () => {
    await hookIn('es');
    expect(readableDetail({ code: '209', detail: 'You do not have permission to access this resource.' }, 'x')).toBe(
      i18n.t('common:messages.209'),
    );
    expect(readableDetail({ code: 'file-too-large', detail: 'The file is larger than 20 MB.' }, 'x')).toBe(
      i18n.t('common:upload.errors.file-too-large'),
    );
    expect(readableDetail({ code: 'some-server-code', detail: 'An English sentence' }, 'Falló la carga.')).toBe('Falló la carga.');
    expect(readableDetail({ code: 'some-server-code', detail: 'An English sentence' }, '')).toBe(i18n.t('common:errors.generic'));
    expect(readableDetail({ code: 'required', detail: 'description is required', source: { pointer: '/description' } }, 'x')).not.toMatch(
      /is required/,
    );
  });
});
