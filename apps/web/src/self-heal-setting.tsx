// A workspace's self-heal of drifted deployments (`/api/workspaces/{id}/deployment-settings`): its
// members read it, its owner and admins turn it on and off, saved as soon as it changes.
import { useId, useState } from 'react';
import { api, ok } from './api/client';
import { useAction, useAsync } from './ui/async';
import { Checkbox } from './ui/fields';
import { ErrorMessage, Pending } from './ui/page';

/** The section of a workspace's page; `manage`: the caller is its owner or an admin. */
export function SelfHealSetting({ workspaceId, manage }: { workspaceId: string; manage: boolean }) {
  const path = { params: { path: { id: workspaceId } } };
  const settings = useAsync(
    () => ok(api.GET('/api/workspaces/{id}/deployment-settings', path)),
    [workspaceId],
  );
  // What the user just chose, shown while it is saved; what the API answered once it is.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const save = useAction(async (selfHeal: boolean) => {
    setChosen(selfHeal);
    try {
      settings.set(
        await ok(api.PUT('/api/workspaces/{id}/deployment-settings', { ...path, body: { selfHeal } })),
      );
    } finally {
      setChosen(null);
    }
  });
  const title = useId();
  const about = useId();
  const saved = settings.data?.settings.self_heal;
  return (
    <section aria-labelledby={title}>
      <h2 id={title}>Drift and self-heal</h2>
      <p id={about} className="hint">
        The deployments service keeps comparing this workspace&apos;s deployments with what the platform runs;
        one that differs (the item removed, another version) is marked drifted and its author is told. With
        self-heal on, a drifted deployment is applied again by a job, which is not counted as another deploy;
        a version a roll-out rolled back is never applied again.
      </p>
      {saved === undefined ? (
        <Pending state={settings} />
      ) : (
        <>
          {manage ? (
            <Checkbox
              label="Self-heal drifted deployments"
              checked={chosen ?? saved}
              disabled={save.busy}
              aria-describedby={about}
              onChange={(e) => void save.run(e.target.checked)}
            />
          ) : null}
          <p role="status" aria-live="polite">
            {save.busy
              ? 'Saving…'
              : saved
                ? 'Self-heal is on: drifted deployments are applied again.'
                : 'Self-heal is off: drifted deployments stay as they are until someone deploys again.'}
            {manage ? null : " Only the workspace's owner and admins change it."}
          </p>
        </>
      )}
      <ErrorMessage error={save.error} />
    </section>
  );
}
