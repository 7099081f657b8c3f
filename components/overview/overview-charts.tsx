// The Overview's charts for the chosen period: money in and out, charge outcomes, conversion and
// time to pay, plus the period's totals (with cash in net of the tax the wallet reported).
import { BarChart, type ChartPoint, type ChartSeries } from "@/components/overview/bar-chart";
import { conversionOf, type ChartBucket, type ChartFigures } from "@/lib/vocabulary/chart-figures";
import { fill } from "@/lib/i18n/fill";
import type { Messages } from "@/lib/i18n/messages";
import { formatBRL, formatDate, formatDayMonth, formatNumber, formatPercent } from "@/lib/format";
import { ledgerQueryString } from "@/lib/schemas/ledger-filters";

type Props = { figures: ChartFigures; locale: string; t: Messages };

function dayOf(bucketKey: string): string {
  return bucketKey.slice(0, 10);
}

function listHref(
  bucketKey: string,
  kind: "CASH_IN" | "CASH_OUT",
  status?: "SUCCEED" | "CANCELED" | "FAILED" | "PENDING" | "UNKNOWN",
): string {
  const day = dayOf(bucketKey);
  return `/transactions${ledgerQueryString({ from: day, to: day, kind, status })}`;
}

export function formatDuration(seconds: number | null, none: string): string {
  if (seconds === null) return none;
  if (seconds < 90) return `${seconds} s`;
  if (seconds < 5_400) return `${Math.round(seconds / 60)} min`;
  return `${(seconds / 3_600).toFixed(1)} h`;
}

function netOfTaxCents(bucket: Pick<ChartBucket, "taxedPaidCents" | "taxCents">): number {
  return bucket.taxedPaidCents - bucket.taxCents;
}

export function OverviewCharts({ figures, locale, t }: Props) {
  const unit = t[`charts.unit.${figures.unit}`];
  const bucketLabel = (key: string) => (figures.unit === "hour" ? `${key.slice(11)}:00` : formatDate(locale, `${key}T12:00:00Z`));
  const bucketShort = (key: string) => (figures.unit === "hour" ? key.slice(11) : formatDayMonth(locale, key));
  const common = {
    asTableLabel: t["charts.asTable"],
    bucketHeading: t["charts.bucket"],
    barLabel: (point: ChartPoint, series: ChartSeries, value: string) =>
      fill(t["charts.barLabel"], { bucket: point.label, series: series.label, value }),
  };
  const point = (bucket: ChartBucket, values: ChartPoint["values"], hrefs?: ChartPoint["hrefs"]): ChartPoint => ({
    key: bucket.key,
    label: bucketLabel(bucket.key),
    shortLabel: bucketShort(bucket.key),
    values,
    hrefs,
  });

  const totals = figures.buckets.reduce(
    (sum, bucket) => ({
      cashIn: sum.cashIn + bucket.cashInSettledCents,
      cashOut: sum.cashOut + bucket.cashOutSettledCents,
      net: sum.net + netOfTaxCents(bucket),
      taxed: sum.taxed + bucket.taxedPaidCount,
      paid: sum.paid + bucket.chargesPaid,
      created: sum.created + bucket.chargesCreated,
    }),
    { cashIn: 0, cashOut: 0, net: 0, taxed: 0, paid: 0, created: 0 },
  );
  const conversion = conversionOf({ chargesPaid: totals.paid, chargesCreated: totals.created });
  const none = t["charts.none"];

  return (
    <div className="mb-8 space-y-4">
      <section aria-labelledby="period-summary" className="rounded-lg border border-slate-300 bg-white p-3">
        <h2 id="period-summary" className="text-lg font-semibold">
          {t["charts.summary.title"]}
        </h2>
        <dl className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-5" data-testid="period-summary">
          <div>
            <dt className="text-sm text-slate-700">{t["charts.summary.cashIn"]}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatBRL(totals.cashIn)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t["charts.summary.cashOut"]}</dt>
            <dd className="text-xl font-bold tabular-nums">{formatBRL(totals.cashOut)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t["charts.summary.netOfTax"]}</dt>
            {figures.feesUnstated ? (
              <dd className="font-semibold" data-testid="fees-unit-not-stated">
                {t["fees.unitNotStated"]}
              </dd>
            ) : (
              <>
                <dd className="text-xl font-bold tabular-nums">{formatBRL(totals.net)}</dd>
                <dd className="text-xs text-slate-700">
                  {fill(t["charts.summary.netOfTaxNote"], { known: totals.taxed, paid: totals.paid })}
                </dd>
              </>
            )}
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t["charts.summary.conversion"]}</dt>
            <dd className="text-xl font-bold tabular-nums">{conversion === null ? none : formatPercent(locale, conversion)}</dd>
          </div>
          <div>
            <dt className="text-sm text-slate-700">{t["charts.summary.timeToPay"]}</dt>
            <dd className="text-xl font-bold tabular-nums">
              {formatDuration(figures.timeToPayP50Seconds, none)} / {formatDuration(figures.timeToPayP90Seconds, none)}
            </dd>
          </div>
        </dl>
      </section>
      <div className="grid gap-4 xl:grid-cols-2">
        <BarChart
          {...common}
          id="volume"
          title={t["charts.volume.title"]}
          description={fill(t["charts.volume.description"], { unit })}
          tableCaption={t["charts.volume.title"]}
          mode="grouped"
          integerValues
          formatValue={formatBRL}
          series={[
            { key: "cashIn", label: t["charts.volume.cashIn"], fillClass: "fill-brand-700", swatchClass: "bg-brand-700" },
            { key: "cashOut", label: t["charts.volume.cashOut"], fillClass: "fill-amber-600", swatchClass: "bg-amber-600" },
          ]}
          points={figures.buckets.map((bucket) =>
            point(
              bucket,
              { cashIn: bucket.cashInSettledCents, cashOut: bucket.cashOutSettledCents },
              { cashIn: listHref(bucket.key, "CASH_IN", "SUCCEED"), cashOut: listHref(bucket.key, "CASH_OUT", "SUCCEED") },
            ),
          )}
          extraColumns={[
            {
              label: t["charts.volume.netOfTax"],
              values: Object.fromEntries(
                figures.buckets.map((bucket) => [
                  bucket.key,
                  figures.feesUnstated ? t["statement.feesUnitUnknown"] : formatBRL(netOfTaxCents(bucket)),
                ]),
              ),
            },
          ]}
        />
        <BarChart
          {...common}
          id="outcomes"
          title={t["charts.outcomes.title"]}
          description={fill(t["charts.outcomes.description"], { unit })}
          tableCaption={t["charts.outcomes.title"]}
          mode="stacked"
          integerValues
          formatValue={(value) => formatNumber(locale, value)}
          series={[
            { key: "paid", label: t["charts.outcomes.paid"], fillClass: "fill-brand-700", swatchClass: "bg-brand-700" },
            { key: "canceled", label: t["charts.outcomes.canceled"], fillClass: "fill-slate-400", swatchClass: "bg-slate-400" },
            { key: "failed", label: t["charts.outcomes.failed"], fillClass: "fill-red-700", swatchClass: "bg-red-700" },
            { key: "pending", label: t["charts.outcomes.pending"], fillClass: "fill-sky-600", swatchClass: "bg-sky-600" },
            { key: "unknown", label: t["charts.outcomes.unknown"], fillClass: "fill-amber-500", swatchClass: "bg-amber-500" },
          ]}
          points={figures.buckets.map((bucket) =>
            point(
              bucket,
              {
                paid: bucket.chargesPaid,
                canceled: bucket.chargesCanceled,
                failed: bucket.chargesFailed,
                pending: bucket.chargesPending,
                unknown: bucket.chargesUnknown,
              },
              {
                paid: listHref(bucket.key, "CASH_IN", "SUCCEED"),
                canceled: listHref(bucket.key, "CASH_IN", "CANCELED"),
                failed: listHref(bucket.key, "CASH_IN", "FAILED"),
                pending: listHref(bucket.key, "CASH_IN", "PENDING"),
                unknown: listHref(bucket.key, "CASH_IN", "UNKNOWN"),
              },
            ),
          )}
          extraColumns={[
            {
              label: t["charts.outcomes.created"],
              values: Object.fromEntries(figures.buckets.map((bucket) => [bucket.key, String(bucket.chargesCreated)])),
            },
          ]}
        />
        <BarChart
          {...common}
          id="conversion"
          title={t["charts.conversion.title"]}
          description={fill(t["charts.conversion.description"], { unit })}
          tableCaption={t["charts.conversion.title"]}
          mode="grouped"
          formatValue={(fraction) => formatPercent(locale, fraction)}
          series={[{ key: "conversion", label: t["charts.conversion.value"], fillClass: "fill-brand-700", swatchClass: "bg-brand-700" }]}
          points={figures.buckets.map((bucket) =>
            point(bucket, { conversion: conversionOf(bucket) }, { conversion: listHref(bucket.key, "CASH_IN") }),
          )}
        />
        <BarChart
          {...common}
          id="time-to-pay"
          title={t["charts.timeToPay.title"]}
          description={fill(t["charts.timeToPay.description"], { unit })}
          tableCaption={t["charts.timeToPay.title"]}
          mode="grouped"
          formatValue={(seconds) => formatDuration(Math.round(seconds), none)}
          series={[
            { key: "p50", label: t["charts.timeToPay.p50"], fillClass: "fill-brand-700", swatchClass: "bg-brand-700" },
            { key: "p90", label: t["charts.timeToPay.p90"], fillClass: "fill-sky-600", swatchClass: "bg-sky-600" },
          ]}
          points={figures.buckets.map((bucket) =>
            point(
              bucket,
              { p50: bucket.timeToPayP50Seconds, p90: bucket.timeToPayP90Seconds },
              { p50: listHref(bucket.key, "CASH_IN", "SUCCEED"), p90: listHref(bucket.key, "CASH_IN", "SUCCEED") },
            ),
          )}
        />
      </div>
    </div>
  );
}
