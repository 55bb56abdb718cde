import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="submissions">
      <p>Coming soon.</p>
    </Page>
  );
}
