// Conformance over time, for the governance pages: a line drawn with Chart.js (the library of the
// adoption bars, docs/architecture.md), sparkline-sized in a table row or full width for a workspace or
// an API. Each chart is described by a sentence beside it; the drawing itself is hidden from screen readers.
import {
  CategoryScale,
  Chart,
  Filler,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Schemas } from '../api/client';

Chart.register(LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip);

export type Evaluation = Schemas['ApiEvaluationSummaryDto'];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One point of a conformance line: when (an instant, or a UTC day `YYYY-MM-DD`), and the percent then. */
export interface Point {
  at: string;
  conformance: number;
}

/** "83%", or "–" when there is none (never evaluated, or no rule applies). */
export function percent(value: number | null | undefined): string {
  return value === null || value === undefined ? '–' : `${Math.round(value)}%`;
}

/** The move from the evaluation before: "up 12 points", "down 5 points", "no change". */
export function trendOf(latest: number | null, previous: number | null): string {
  if (latest === null || previous === null) return 'no trend yet';
  const delta = Math.round(latest - previous);
  if (delta === 0) return 'no change';
  return `${delta > 0 ? 'up' : 'down'} ${Math.abs(delta)} point${Math.abs(delta) === 1 ? '' : 's'}`;
}

/** An API's evaluations (newest first, as the history answers) as a line, oldest first. */
export function apiLine(evaluations: Evaluation[]): Point[] {
  return evaluations
    .filter((e) => e.conformance !== null)
    .map((e) => ({ at: e.created_at, conformance: e.conformance! }))
    .reverse();
}

export type Trend = Schemas['GovernanceTrendDto'];

/** The workspace's trend (one point per UTC day, from all its APIs) as a line: the days with a value. */
export function trendLine(trend: Trend): Point[] {
  return trend.points
    .filter((p) => p.conformance !== null)
    .map((p) => ({ at: p.day, conformance: p.conformance! }));
}

/**
 * What the workspace's line says, read instead of the drawing:
 * "From 40% on 2026-11-02 to 75% on 2026-12-05: 4 APIs evaluated, 1 at risk."
 */
export function trendSummary(trend: Trend): string {
  const line = trendLine(trend);
  const last = trend.points[trend.points.length - 1];
  if (line.length === 0 || !last) return 'No API has been evaluated yet.';
  const first = line[0];
  const counts = `${last.evaluated} API${last.evaluated === 1 ? '' : 's'} evaluated, ${last.at_risk} at risk.`;
  if (first.at === last.day) return `${percent(last.conformance)} on ${last.day}: ${counts}`;
  return `From ${percent(first.conformance)} on ${first.at} to ${percent(last.conformance)} on ${last.day}: ${counts}`;
}

/** What a line says, read instead of the drawing: "From 40% to 100% over 3 evaluations." */
export function lineSummary(points: Point[]): string {
  if (points.length === 0) return 'No evaluation yet.';
  const last = points[points.length - 1];
  if (points.length === 1) return `${percent(last.conformance)} at its one evaluation.`;
  return `From ${percent(points[0].conformance)} to ${percent(last.conformance)} over ${points.length} evaluations.`;
}

/**
 * A conformance line. `spark`: a small line without axes, for a table row; otherwise a chart with a
 * 0-100% axis and the threshold drawn as a dashed line.
 */
export function ConformanceChart({
  points,
  threshold,
  spark = false,
}: {
  points: Point[];
  threshold: number;
  spark?: boolean;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current || points.length === 0) return;
    const style = getComputedStyle(document.documentElement);
    const accent = style.getPropertyValue('--accent').trim() || '#0b5cad';
    const bad = style.getPropertyValue('--bad').trim() || '#b42318';
    const labels = points.map((p) => (DAY.test(p.at) ? p.at : new Date(p.at).toLocaleString()));
    const chart = new Chart(canvas.current, {
      type: 'line',
      data: {
        labels,
        datasets: [
          {
            label: 'Conformance (%)',
            data: points.map((p) => p.conformance),
            borderColor: accent,
            backgroundColor: accent,
            // A sparkline of one evaluation is a dot.
            pointRadius: spark ? (points.length === 1 ? 2 : 0) : 3,
            borderWidth: 2,
            tension: 0,
            // A point at 0% or 100% is drawn whole, over the chart area's edge.
            clip: false,
          },
          {
            label: 'At-risk threshold (%)',
            data: points.map(() => threshold),
            borderColor: bad,
            borderDash: [4, 4],
            borderWidth: 1,
            pointRadius: 0,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: false }, tooltip: { enabled: !spark } },
        scales: {
          // A sparkline's points sit inside its box (one evaluation: a dot in the middle).
          x: { display: !spark, offset: spark },
          y: {
            display: !spark,
            // A sparkline keeps a margin, so that a dot at 0% or 100% is drawn whole.
            min: spark ? -8 : 0,
            max: spark ? 108 : 100,
            ticks: { callback: (value) => `${String(value)}%` },
          },
        },
      },
    });
    return () => chart.destroy();
  }, [points, threshold, spark]);
  if (points.length === 0) return null;
  return (
    <div className={spark ? 'conformance-chart spark' : 'conformance-chart'} aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
