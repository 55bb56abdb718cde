import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="deploy">
      <p>Coming soon.</p>
    </Page>
  );
}
