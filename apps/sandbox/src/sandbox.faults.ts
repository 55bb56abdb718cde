export const SANDBOX_SYSTEMS = ['source_host', 'registry', 'platform'] as const;
export type SandboxSystem = (typeof SANDBOX_SYSTEMS)[number];

export const FAULT_KINDS = ['error', 'timeout', 'rate_limit'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultSpec {
  system: SandboxSystem;
  /** Platform only: the fault hits only requests about this organization. */
  organizationId?: string;
  kind: FaultKind;
  /** How many requests fail; unlimited (until `DELETE /_sandbox/faults`) when absent. */
  times?: number;
}

interface ActiveFault extends FaultSpec {
  remaining: number | null;
}

/** Failures injected through `/_sandbox/faults`, consumed by matching requests in order. */
export class FaultInjector {
  private faults: ActiveFault[] = [];

  add(spec: FaultSpec): void {
    this.faults.push({ ...spec, remaining: spec.times ?? null });
  }

  clear(): void {
    this.faults = [];
  }

  list(): FaultSpec[] {
    return this.faults.map(({ remaining, ...spec }) => ({
      ...spec,
      ...(remaining === null ? {} : { times: remaining }),
    }));
  }

  /** The fault this request triggers, if any (and counts it). */
  take(system: SandboxSystem, path: string): FaultKind | undefined {
    const fault = this.faults.find(
      (f) =>
        f.system === system &&
        (f.organizationId === undefined ||
          path.includes(`/organizations/${encodeURIComponent(f.organizationId)}`)),
    );
    if (!fault) return undefined;
    if (fault.remaining !== null) {
      fault.remaining -= 1;
      if (fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== fault);
    }
    return fault.kind;
  }
}

export function systemOf(path: string): SandboxSystem | undefined {
  if (path.startsWith('/source-host/') || path === '/source-host') return 'source_host';
  if (path.startsWith('/registry/')) return 'registry';
  if (path.startsWith('/platform/')) return 'platform';
  return undefined;
}
