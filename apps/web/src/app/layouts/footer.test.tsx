import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { englishTexts, renderPage, testUser } from '../../../test/render';
import { CopyrightFooter } from './footer';

beforeAll(englishTexts);

describe('copyright footer terms link', () => {
  it('goes to /ui/toc for a user of the main portal', async () => {
    renderPage(<CopyrightFooter terms />, { user: testUser() });
    expect(await screen.findByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/ui/toc');
  });

  it('goes under the alternate prefix for an alternate-portal user', async () => {
    renderPage(<CopyrightFooter terms />, { user: testUser({ alternatePortalUser: 'Y' }) });
    expect(await screen.findByRole('link', { name: 'Terms and conditions' })).toHaveAttribute('href', '/intl/ui/toc');
  });
});
