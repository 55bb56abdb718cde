import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="ruleset">
      <p>Coming soon.</p>
    </Page>
  );
}
