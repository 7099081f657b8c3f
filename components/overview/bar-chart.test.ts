// The server-rendered bar chart: every bar is a link with a spoken label, stacked bars sit on each
// other, and the same numbers (with their links) are in the table.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BarChart, type ChartPoint } from "@/components/overview/bar-chart";

const points: ChartPoint[] = [
  {
    key: "2025-03-10",
    label: "10 Mar",
    shortLabel: "10/03",
    values: { paid: 3, failed: 1 },
    hrefs: { paid: "/transactions?from=2025-03-10&status=SUCCEED", failed: "/transactions?from=2025-03-10&status=FAILED" },
  },
  { key: "2025-03-11", label: "11 Mar", shortLabel: "11/03", values: { paid: 0, failed: null } },
];

function render(mode: "grouped" | "stacked") {
  return renderToStaticMarkup(
    createElement(BarChart, {
      id: "outcomes",
      title: "Charges",
      description: "Per day",
      mode,
      integerValues: true,
      formatValue: (value: number) => String(value),
      series: [
        { key: "paid", label: "Paid", fillClass: "fill-green", swatchClass: "bg-green" },
        { key: "failed", label: "Failed", fillClass: "fill-red", swatchClass: "bg-red" },
      ],
      points,
      tableCaption: "Charges per day",
      bucketHeading: "Day",
      asTableLabel: "Numbers as a table",
      barLabel: (point: ChartPoint, series: { label: string }, value: string) => `${point.label}, ${series.label}: ${value}`,
    }),
  );
}

describe("server-rendered bar chart", () => {
  it("links each non-empty bar with its spoken label, and draws nothing for zero or missing values", () => {
    const html = render("grouped");
    expect(html).toContain('<a href="/transactions?from=2025-03-10&amp;status=SUCCEED" aria-label="10 Mar, Paid: 3">');
    expect(html).toContain('aria-label="10 Mar, Failed: 1"');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html).not.toContain("11 Mar, Paid");
  });

  it("stacks bars: the second starts where the first ends", () => {
    const html = render("stacked");
    const rects = [...html.matchAll(/<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)"/g)].map((match) =>
      match.slice(1).map(Number),
    );
    const [paid, failed] = rects as [number[], number[]];
    expect(paid[0]).toBe(failed[0]);
    expect(failed[1]! + failed[3]!).toBeCloseTo(paid[1]!, 5);
    expect(paid[3]! / failed[3]!).toBeCloseTo(3, 5);
  });

  it("puts the same numbers in a table, with the same links, and a dash for a missing value", () => {
    const html = render("grouped");
    expect(html).toContain('<caption class="sr-only">Charges per day</caption>');
    expect(html).toMatch(
      /<th scope="row"[^>]*>10 Mar<\/th><td[^>]*><a href="\/transactions\?from=2025-03-10&amp;status=SUCCEED"[^>]*>3<\/a>/,
    );
    expect(html).toMatch(/<th scope="row"[^>]*>11 Mar<\/th><td[^>]*>0<\/td><td[^>]*>—<\/td>/);
  });

  it("labels the axis with whole numbers only for counts", () => {
    const html = render("grouped");
    expect(html).not.toMatch(/>0\.\d</);
  });
});
