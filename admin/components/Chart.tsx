import type { OrderStatus } from '../../shared/gateway/status';
import type { ChartDay } from '../dailyStats';
import { STATUS_LABEL } from './StatusBadge';
import { TableScroll } from './Table';

interface Props {
  title: string;
  days: readonly ChartDay[];
  /** stacking order, bottom first */
  statuses: readonly OrderStatus[];
  /** turns a value into words for labels, e.g. minor units -> "USD 12.00" */
  format: (value: number) => string;
}

const HEIGHT = 200;
const PAD_TOP = 20;
const PAD_BOTTOM = 24;
const PAD_LEFT = 8;
const SLOT = 24;
const BAR = 16;

/**
 * Stacked bars per day, one colour per status, as plain SVG (no chart library). Sizes are SVG attributes, not
 * styles, so the page's CSP needs no 'unsafe-inline'. The same figures follow as a table for screen readers
 * and for anyone who wants the numbers.
 */
export function Chart({ title, days, statuses, format }: Props) {
  const totals = days.map((d) => statuses.reduce((sum, s) => sum + (d.values[s] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const plot = HEIGHT - PAD_TOP - PAD_BOTTOM;
  const width = Math.max(300, PAD_LEFT * 2 + days.length * SLOT);
  const labelEvery = Math.max(1, Math.ceil(days.length / 8));
  const present = statuses.filter((s) => days.some((d) => (d.values[s] ?? 0) > 0));

  return (
    <figure class="chart">
      <section class="chart-scroll" tabIndex={0} aria-label={`${title}, chart`}>
        <svg viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={`${title}. The table below lists the figures.`}>
          <line class="axis" x1={PAD_LEFT} x2={width - PAD_LEFT} y1={HEIGHT - PAD_BOTTOM} y2={HEIGHT - PAD_BOTTOM} />
          {/* the scale: the tallest day reaches this line */}
          <line class="gridline" x1={PAD_LEFT} x2={width - PAD_LEFT} y1={PAD_TOP} y2={PAD_TOP} />
          <text class="tick" x={PAD_LEFT} y={PAD_TOP - 6}>
            {format(max)}
          </text>
          {days.map((d, i) => {
            const x = PAD_LEFT + i * SLOT + (SLOT - BAR) / 2;
            let y = HEIGHT - PAD_BOTTOM;
            return (
              <g key={d.date}>
                {statuses.map((s) => {
                  const v = d.values[s] ?? 0;
                  if (v <= 0) return null;
                  const h = Math.max(1, (v / max) * plot);
                  y -= h;
                  return (
                    <rect
                      key={s}
                      class={`bar bar-${s}`}
                      data-date={d.date}
                      data-status={s}
                      x={x}
                      y={y}
                      width={BAR}
                      height={h}
                    >
                      <title>{`${d.date} ${STATUS_LABEL[s]}: ${format(v)}`}</title>
                    </rect>
                  );
                })}
                {i % labelEvery === 0 && (
                  <text class="tick" x={x + BAR / 2} y={HEIGHT - 8} text-anchor="middle">
                    {d.date.slice(5)}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      </section>
      <figcaption>
        <ul class="legend" aria-label="Legend">
          {present.map((s) => (
            <li key={s}>
              <span class={`swatch swatch-${s}`} aria-hidden="true" />
              {STATUS_LABEL[s]}
            </li>
          ))}
        </ul>
      </figcaption>
      <details>
        <summary>Show the figures as a table</summary>
        <TableScroll label={`${title}, figures`}>
          <table>
            <caption class="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                {present.map((s) => (
                  <th key={s} scope="col" class="num">
                    {STATUS_LABEL[s]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((d) => (
                <tr key={d.date}>
                  <th scope="row">{d.date}</th>
                  {present.map((s) => (
                    <td key={s} class="num">
                      {format(d.values[s] ?? 0)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </details>
    </figure>
  );
}
