// Adoption per version on a policy's or ruleset's page: which releases run in how many organizations,
// said in a sentence (what a screen reader reads) and drawn as bars with Chart.js (docs/architecture.md
// says why that library). Counts only: the API names no organization.
import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';
import { api, ok, type Schemas } from './api/client';
import { useAsync } from './ui/async';
import { plural } from './ui/display';
import { Pending } from './ui/page';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

type ItemAdoption = Schemas['AdoptionDto'];

/** The chart's height per bar (a version), so that labels never overlap. */
const BAR_PX = 28;

export function Adoption({ kind, id }: { kind: 'policy' | 'ruleset'; id: string }) {
  const adoption = useAsync(
    () =>
      kind === 'policy'
        ? ok(api.GET('/api/policies/{id}/adoption', { params: { path: { id } } }))
        : ok(api.GET('/api/rulesets/{id}/adoption', { params: { path: { id } } })),
    [kind, id],
  );
  const data = adoption.data?.adoption;
  return (
    <section aria-labelledby="adoption-title" className="panel adoption">
      <h2 id="adoption-title">Adoption</h2>
      {!data ? (
        <Pending state={adoption} />
      ) : data.organizations === 0 ? (
        <p>No organization runs a release of it yet.</p>
      ) : (
        <>
          <p>{summary(data)}</p>
          <Bars adoption={data} />
        </>
      )}
    </section>
  );
}

/** "Runs in 3 organizations: 2 on 1.1.0, 1 on 1.0.0." */
function summary(data: ItemAdoption): string {
  const parts = data.versions.map((v) => `${v.organizations} on ${v.version}`).join(', ');
  return `Runs in ${plural(data.organizations, 'organization')}: ${parts}.`;
}

function Bars({ adoption }: { adoption: ItemAdoption }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const accent =
      getComputedStyle(document.documentElement).getPropertyValue('--accent').trim() || '#0b5cad';
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        labels: adoption.versions.map((v) => v.version),
        datasets: [
          {
            label: 'Organizations',
            data: adoption.versions.map((v) => v.organizations),
            backgroundColor: accent,
          },
        ],
      },
      options: {
        indexAxis: 'y',
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { tooltip: { enabled: true } },
        scales: {
          x: { beginAtZero: true, ticks: { precision: 0 }, title: { display: true, text: 'Organizations' } },
        },
      },
    });
    return () => chart.destroy();
  }, [adoption]);
  // The sentence above says what the bars show: the drawing is not read twice.
  return (
    <div
      className="chart"
      style={{ height: `${adoption.versions.length * BAR_PX + 48}px` }}
      aria-hidden="true"
    >
      <canvas ref={canvas} />
    </div>
  );
}
