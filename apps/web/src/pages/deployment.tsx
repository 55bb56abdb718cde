import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="deployment">
      <p>Coming soon.</p>
    </Page>
  );
}
