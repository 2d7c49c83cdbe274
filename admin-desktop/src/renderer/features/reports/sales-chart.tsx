import type { SalesPoint } from '@voltcart/shared';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/**
 * Net sales over the period as a line (uPlot: 22 KB gzipped, canvas). The canvas is one image for screen
 * readers, named by `label`; the same figures are in the table view and the text summary beside it.
 */
export function SalesChart(props: { series: SalesPoint[]; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = props.series.map((p) => Date.parse(`${p.bucket}T00:00:00Z`) / 1000);
    const plot = new uPlot(
      {
        width: Math.max(280, el.clientWidth),
        height: 240,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        series: [
          {},
          { label: 'Net (₹)', stroke: '#1d4ed8', width: 2, points: { show: props.series.length < 40 } },
          { label: 'Refunds (₹)', stroke: '#b91c1c', width: 1, dash: [4, 4] },
        ],
        axes: [{}, { size: 70 }],
        legend: { show: true },
      },
      [xs, props.series.map((p) => p.net), props.series.map((p) => p.refunds)],
      el,
    );
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(280, el.clientWidth), height: 240 }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [props.series]);
  return (
    <div ref={box} role="img" aria-label={props.label} className="sales-chart" data-testid="sales-chart" />
  );
}
