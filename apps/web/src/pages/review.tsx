import { Page } from '../ui';

export default function Stub() {
  return (
    <Page title="review">
      <p>Coming soon.</p>
    </Page>
  );
}
