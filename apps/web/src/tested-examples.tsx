import type { Schemas } from './api/client';
import { Badge } from './ui/display';

type EngineCheck = Schemas['RulesetEngineCheckDto'];

/**
 * "Tested examples" on a ruleset's page: what submission validation found when it evaluated the
 * ruleset's examples (`examples/conforming/*`, `examples/non-conforming/*`) with the engine, whether they
 * pass and which rules a non-conforming example made fire.
 */
export function TestedExamples({ check }: { check: EngineCheck | null }) {
  const examples = check?.examples ?? null;
  return (
    <section aria-labelledby="tested-examples">
      <h2 id="tested-examples">Tested examples</h2>
      {!check ? (
        <p>Not checked: this ruleset was validated before examples were recorded.</p>
      ) : !examples ? (
        <p>
          This ruleset carries no tested examples (<code>examples/conforming/</code>,{' '}
          <code>examples/non-conforming/</code> beside its profile).
        </p>
      ) : (
        <>
          <p>
            <Badge tone={examples.passed ? 'good' : 'bad'}>{examples.passed ? 'passing' : 'failing'}</Badge>{' '}
            {examples.conforming} conforming and {examples.nonConforming} non-conforming examples;{' '}
            {examples.rules.filter((r) => r.fired).length} of {examples.rules.length} rules covered (checked{' '}
            <time dateTime={check.checked_at}>{new Date(check.checked_at).toLocaleDateString()}</time>).
          </p>
          <ul aria-label="Rules covered by the examples">
            {examples.rules.map((r) => (
              <li key={r.rule}>
                <code>{r.rule}</code>{' '}
                {r.fired ? (
                  <Badge tone="good">covered</Badge>
                ) : (
                  <Badge tone="warn">fires on no non-conforming example</Badge>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
