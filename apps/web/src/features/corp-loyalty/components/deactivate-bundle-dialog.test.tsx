import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '@/components/toast';
import { englishTexts, renderPage } from '../../../../test/render';
import { DeactivateBundleDialog } from './deactivate-bundle-dialog';

beforeAll(englishTexts);

/** The names listed, once the feature's texts have loaded. */
const listed = async () =>
  within(await screen.findByRole('list', { name: 'Used in templates' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('delete (deactivate) bundle dialog: the templates that use the bundle (LOY-18)', () => {
  it('lists each template once, even a name that holds a comma', async () => {
    renderPage(
      <ToastProvider>
        <DeactivateBundleDialog
          row={{
            bundleId: 7,
            bundleName: 'Mirrors',
            usedInTemplates: 'Mirrors, glass, Trucks',
            usedInTemplateNames: ['Mirrors, glass', 'Trucks'],
          }}
          onClose={() => {}}
        />
      </ToastProvider>,
    );
    expect(await listed()).toEqual(['Mirrors, glass', 'Trucks']);
  });

  it('splits the comma list when the names do not come one by one', async () => {
    renderPage(
      <ToastProvider>
        <DeactivateBundleDialog row={{ bundleId: 7, bundleName: 'Lamps', usedInTemplates: 'Gold, Silver' }} onClose={() => {}} />
      </ToastProvider>,
    );
    expect(await listed()).toEqual(['Gold', 'Silver']);
  });
});
