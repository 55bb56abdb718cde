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

/** One point of a conformance line: when, and the percent then. */
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

/**
 * The workspace's conformance over time, derived from its APIs' histories: after each evaluation, the
 * mean of every API's latest conformance so far (an API counts from its first evaluation on).
 */
export function workspaceLine(histories: Array<{ apiId: string; evaluations: Evaluation[] }>): Point[] {
  const events = histories
    .flatMap(({ apiId, evaluations }) =>
      evaluations
        .filter((e) => e.conformance !== null)
        .map((e) => ({ apiId, at: e.created_at, conformance: e.conformance! })),
    )
    .sort((a, b) => a.at.localeCompare(b.at));
  const latest = new Map<string, number>();
  return events.map((event) => {
    latest.set(event.apiId, event.conformance);
    const values = [...latest.values()];
    return {
      at: event.at,
      conformance: Math.round((values.reduce((sum, v) => sum + v, 0) / values.length) * 10) / 10,
    };
  });
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
    const labels = points.map((p) => new Date(p.at).toLocaleString());
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
