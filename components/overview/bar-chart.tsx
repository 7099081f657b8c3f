// A bar chart rendered on the server as SVG (d3-scale for the axes; no client JavaScript): grouped
// or stacked series per bucket, every bar a link into the list behind it, a legend, and the same
// numbers as a table for screen readers and keyboard users.
import { scaleBand, scaleLinear } from "d3-scale";

export type ChartSeries = { key: string; label: string; fillClass: string; swatchClass: string };
export type ChartPoint = {
  key: string;
  label: string;
  shortLabel: string;
  values: Record<string, number | null>;
  hrefs?: Record<string, string>;
};

type BarChartProps = {
  id: string;
  title: string;
  description: string;
  series: ChartSeries[];
  points: ChartPoint[];
  mode: "grouped" | "stacked";
  formatValue: (value: number) => string;
  /** Counts and cents: the axis shows whole numbers only. */
  integerValues?: boolean;
  tableCaption: string;
  bucketHeading: string;
  asTableLabel: string;
  barLabel: (point: ChartPoint, series: ChartSeries, value: string) => string;
  /** Extra columns for the table only (e.g. net of tax), already formatted. */
  extraColumns?: Array<{ label: string; values: Record<string, string> }>;
};

// The table's look as rules on the table (Tailwind's descendant variants), not classes on each of
// its cells: a 30-day chart is 30 rows, and every class on a cell was written twice (HTML and RSC).
const tableLook = [
  "[&_td]:px-2 [&_td]:py-1 [&_td]:text-right [&_td]:tabular-nums [&_th]:px-2 [&_th]:py-1 [&_thead_th+th]:text-right",
  "[&_tbody_tr]:border-t [&_tbody_tr]:border-slate-200 [&_tbody_th]:font-normal [&_td_a]:text-brand-700 [&_td_a]:underline",
].join(" ");

/** A coordinate to a hundredth of the 720-unit-wide view box (far below a pixel): shorter to write. */
const at = (value: number) => Math.round(value * 100) / 100;

const width = 720;
const height = 240;
const margin = { top: 12, right: 12, bottom: 28, left: 72 };

export function BarChart(props: BarChartProps) {
  const { id, series, points, mode, formatValue } = props;
  const totals = points.map((point) =>
    mode === "stacked"
      ? series.reduce((sum, item) => sum + (point.values[item.key] ?? 0), 0)
      : Math.max(0, ...series.map((item) => point.values[item.key] ?? 0)),
  );
  const y = scaleLinear()
    .domain([0, Math.max(1, ...totals)])
    .nice(4)
    .range([height - margin.bottom, margin.top]);
  const x = scaleBand<string>()
    .domain(points.map((point) => point.key))
    .range([margin.left, width - margin.right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const inner = scaleBand<string>()
    .domain(series.map((item) => item.key))
    .range([0, x.bandwidth()])
    .padding(0.08);
  const ticks = y.ticks(4).filter((tick) => !props.integerValues || Number.isInteger(tick));
  // Label every bucket when they fit, otherwise every nth, so the axis stays readable.
  const labelEvery = Math.max(1, Math.ceil(points.length / 12));

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-300 bg-white p-3" data-testid={`chart-${id}`}>
      <h3 id={`${id}-title`} className="text-base font-semibold">
        {props.title}
      </h3>
      <p id={`${id}-description`} className="text-sm text-slate-700">
        {props.description}
      </p>
      <ul className="mt-2 flex flex-wrap gap-4 text-sm" aria-label={props.title}>
        {series.map((item) => (
          <li key={item.key} className="flex items-center gap-2">
            <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ${item.swatchClass}`} />
            {item.label}
          </li>
        ))}
      </ul>
      {/* biome-ignore lint/a11y/useSemanticElements: an SVG chart cannot be a <fieldset>; role=group names it for screen readers */}
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-2 h-auto w-full"
        role="group"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
      >
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: axis ticks and labels hold no focusable element; the table below carries the numbers */}
        <g aria-hidden="true" className="fill-slate-700 text-[11px] [&_line]:stroke-slate-200">
          {ticks.map((tick) => (
            <g key={tick} transform={`translate(0, ${at(y(tick))})`}>
              <line x1={margin.left} x2={width - margin.right} />
              <text x={margin.left - 6} dy="0.32em" textAnchor="end">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          {points.map((point, index) =>
            index % labelEvery === 0 ? (
              <text key={point.key} x={at((x(point.key) ?? 0) + x.bandwidth() / 2)} y={height - 8} textAnchor="middle">
                {point.shortLabel}
              </text>
            ) : null,
          )}
        </g>
        {points.map((point) => {
          let stackedTop = 0;
          return (
            <g key={point.key}>
              {series.map((item) => {
                const value = point.values[item.key];
                if (value === null || value === undefined || value <= 0) return null;
                const barX = mode === "stacked" ? (x(point.key) ?? 0) : (x(point.key) ?? 0) + (inner(item.key) ?? 0);
                const barWidth = mode === "stacked" ? x.bandwidth() : inner.bandwidth();
                const bottom = mode === "stacked" ? stackedTop : 0;
                const top = bottom + value;
                stackedTop = top;
                const label = props.barLabel(point, item, formatValue(value));
                const rect = (
                  // biome-ignore lint/correctness/useJsxKeyInIterable: placed once inside the keyed <a> or <g> below
                  <rect
                    x={at(barX)}
                    y={at(y(top))}
                    width={at(Math.max(1, barWidth))}
                    height={at(Math.max(1, y(bottom) - y(top)))}
                    className={item.fillClass}
                  />
                );
                const href = point.hrefs?.[item.key];
                return href ? (
                  <a key={item.key} href={href} aria-label={label}>
                    <title>{label}</title>
                    {rect}
                  </a>
                ) : (
                  <g key={item.key}>
                    <title>{label}</title>
                    {rect}
                  </g>
                );
              })}
            </g>
          );
        })}
      </svg>
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">{props.asTableLabel}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className={`w-full text-left ${tableLook}`} data-testid={`chart-${id}-table`}>
            <caption className="sr-only">{props.tableCaption}</caption>
            <thead className="bg-slate-100">
              <tr>
                <th scope="col">{props.bucketHeading}</th>
                {series.map((item) => (
                  <th key={item.key} scope="col">
                    {item.label}
                  </th>
                ))}
                {props.extraColumns?.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key}>
                  <th scope="row">{point.label}</th>
                  {series.map((item) => {
                    const value = point.values[item.key];
                    const text = value === null || value === undefined ? "—" : formatValue(value);
                    const href = point.hrefs?.[item.key];
                    return <td key={item.key}>{href ? <a href={href}>{text}</a> : text}</td>;
                  })}
                  {props.extraColumns?.map((column) => (
                    <td key={column.label}>{column.values[point.key] ?? "—"}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
