import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="deployments">
      <p>Coming soon.</p>
    </Page>
  );
}
