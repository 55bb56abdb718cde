import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="workspace">
      <p>Coming soon.</p>
    </Page>
  );
}
