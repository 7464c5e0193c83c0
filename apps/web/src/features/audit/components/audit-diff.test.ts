import { describe, expect, it } from 'vitest';
import { diffOf } from './audit-diff';

describe('the changes of an audit entry', () => {
  it('shows a changed time in the specification’s MM/dd/yyyy HH:mm:ss, not as the server wrote it', () => {
    const [change] = diffOf({ updated_at: '2026-11-26T15:29:41.970Z' }, { updated_at: '2026-11-26T15:31:06.010Z' });
    expect(change!.before).toMatch(/^11\/26\/2026 \d{2}:\d{2}:41$/);
    expect(change!.after).toMatch(/^11\/26\/2026 \d{2}:\d{2}:06$/);
  });

  it('formats the times inside a list of values too (a bundle’s item codes and their dateAdded)', () => {
    const [change] = diffOf({ itemCodes: [] }, { itemCodes: [{ itemCode: '00103', dateAdded: '2026-11-26T18:20:53.013Z' }] });
    expect(change!.after).toMatch(/^\[\{"itemCode":"00103","dateAdded":"11\/26\/2026 \d{2}:\d{2}:53"\}\]$/);
    expect(change!.after).not.toContain('2026-11-26T');
  });

  it('leaves other texts as they are', () => {
    expect(diffOf({ name: 'A' }, { name: '2026-11-26' })).toEqual([{ key: 'name', before: 'A', after: '2026-11-26' }]);
  });
});
