import { useQuery } from '@tanstack/react-query';
import { memoryLabel } from '@voltcart/shared';
import { Link } from 'react-router-dom';
import { ListBody, QueryError } from '../../components/query-states';
import { PageHeader } from '../../components/states';
import { TableHead } from '../../components/table-head';
import { paths } from '../../config/paths';
import { api } from '../../lib/api';

/** Variants shoppers asked to be told about (GET /admin/stock-alerts): how many addresses wait for each. */
export function StockAlertsPage() {
  const list = useQuery({
    queryKey: ['stock-alerts'],
    queryFn: async ({ signal }) => {
      const { variants, total } = await api.stockAlert.waiting({}, { signal });
      return { variants, total };
    },
  });
  const rows = list.data?.variants ?? [];
  return (
    <>
      <PageHeader
        title="Stock alerts"
        subtitle="Shoppers waiting for an option to come back: each gets one mail when you add units"
      />
      <QueryError query={list} />
      <section className="panel">
        <ListBody query={list} count={rows.length} empty="Nobody is waiting for a product.">
          <table className="table">
            <caption className="visually-hidden">Waiting shoppers per product option</caption>
            <TableHead scope="col" columns={['Product', 'Option', 'SKU', 'Units now', 'Waiting']} />
            <tbody>
              {rows.map((v) => (
                <tr key={v.variantId} data-testid="waiting-row">
                  <td>
                    <Link to={paths.productEdit(v.productId)}>{v.productName}</Link>
                  </td>
                  <td>
                    {[v.colorName, v.memorySize ? memoryLabel(v.memorySize) : null]
                      .filter(Boolean)
                      .join(', ') || '—'}
                  </td>
                  <td>{v.sku}</td>
                  <td>{v.stock}</td>
                  <td>
                    <strong>{v.waiting}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ListBody>
      </section>
    </>
  );
}
