// The one sortable column header of the back office's lists (customers, orders, products).
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, click, render } from '../testing/render';
import { type SortDir, SortHeader } from './sort-header';

afterEach(cleanup);

function Table() {
  const [state, setState] = useState<{ sort: 'date' | 'name'; dir: SortDir }>({ sort: 'name', dir: 'asc' });
  const onSort = (sort: 'date' | 'name', dir: SortDir) => setState({ sort, dir });
  return (
    <table>
      <thead>
        <tr>
          <SortHeader label="Name" column="name" {...state} onSort={onSort} />
          <SortHeader label="Date" column="date" {...state} firstDir="desc" onSort={onSort} />
        </tr>
      </thead>
    </table>
  );
}

describe('SortHeader', () => {
  it('says the order of the sorted column, sorts another in its first order, then the other way', async () => {
    const { container } = await render(<Table />);
    const header = (i: number) => container.querySelectorAll('th button')[i]!;
    const sorts = () =>
      [...container.querySelectorAll('th')].map((th) => [th.textContent, th.getAttribute('aria-sort')]);
    expect(sorts()).toEqual([
      ['Name ▲', 'ascending'],
      ['Date', 'none'],
    ]);
    await click(header(1));
    expect(sorts()).toEqual([
      ['Name', 'none'],
      ['Date ▼', 'descending'],
    ]);
    await click(header(1));
    expect(sorts()[1]).toEqual(['Date ▲', 'ascending']);
    await click(header(0));
    expect(sorts()).toEqual([
      ['Name ▲', 'ascending'],
      ['Date', 'none'],
    ]);
  });
});
