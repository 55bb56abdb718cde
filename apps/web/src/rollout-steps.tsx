// A roll-out's progress drawn as its steps, in order: each step a marker and a word for its state (the
// word is what a screen reader reads; the marker and colour only repeat it). A halted step shows halted.
import type { Schemas } from './api/client';

type Rollout = Schemas['RolloutDto'];
type StepState = Rollout['steps'][number]['state'];

const MARKS: Record<StepState, { mark: string; tone: string }> = {
  pending: { mark: '', tone: 'neutral' },
  active: { mark: '…', tone: 'info' },
  done: { mark: '✓', tone: 'good' },
  halted: { mark: '!', tone: 'bad' },
  aborted: { mark: '■', tone: 'warn' },
  rolled_back: { mark: '↺', tone: 'neutral' },
  skipped: { mark: '–', tone: 'neutral' },
};

export function RolloutSteps({ rollout, label }: { rollout: Rollout; label: string }) {
  return (
    <ol className="steps" aria-label={label}>
      {rollout.steps.map((step) => {
        const { mark, tone } = MARKS[step.state];
        const orgs = step.organizations.length;
        return (
          <li
            key={step.index}
            className={`step step-${tone}`}
            aria-current={step.state === 'active' ? 'step' : undefined}
          >
            <span className="step-mark" aria-hidden="true">
              {mark || step.index + 1}
            </span>
            <span className="step-text">
              Step {step.index + 1}: <span className="step-state">{step.state.replace(/_/g, ' ')}</span>
              <span className="hint">
                {' '}
                ({orgs} {orgs === 1 ? 'organization' : 'organizations'})
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
