import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="submit">
      <p>Coming soon.</p>
    </Page>
  );
}
