import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="profile">
      <p>Coming soon.</p>
    </Page>
  );
}
