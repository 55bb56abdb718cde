import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="rulesets">
      <p>Coming soon.</p>
    </Page>
  );
}
