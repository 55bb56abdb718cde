import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="inbox">
      <p>Coming soon.</p>
    </Page>
  );
}
