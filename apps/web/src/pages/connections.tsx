import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="connections">
      <p>Coming soon.</p>
    </Page>
  );
}
