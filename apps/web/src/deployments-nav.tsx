// The deployments section's own navigation: single deployments and roll-outs in steps, one link each,
// so a roll-out started from the deploy form can be found again from the main navigation's Deployments.
import { Link, useLocation } from './router';

const SECTION: Array<[string, string]> = [
  ['/deployments', 'Deployments'],
  ['/rollouts', 'Roll-outs'],
];

export function DeploymentsNav() {
  const { path } = useLocation();
  return (
    <nav aria-label="Deployments section" className="subnav">
      {SECTION.map(([to, label]) => (
        <Link key={to} to={to} aria-current={path === to ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}
