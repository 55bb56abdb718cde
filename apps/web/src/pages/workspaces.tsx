import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="workspaces">
      <p>Coming soon.</p>
    </Page>
  );
}
