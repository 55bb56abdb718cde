import type { CallHandler, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuditRecordedEvent } from '@pc/contracts';
import { RemoteError } from '@pc/platform';
import { firstValueFrom, of } from 'rxjs';
import type { AuditOutbox } from './audit-outbox';
import { AuditRecorder } from './audit-recorder';
import type { AuditWorkspaces } from './audit-workspaces';
import { AUDIT, Audited } from './audited';

/** An outbox that keeps records in memory and takes them or not, as the test says. */
class Kept {
  readonly records: AuditRecordedEvent[] = [];
  open = true;
  accepting(): boolean {
    return this.open;
  }
  add(_id: string, record: AuditRecordedEvent): Promise<void> {
    this.records.push(record);
    return Promise.resolve();
  }
}

class Routes {
  @Audited(AUDIT.connectionDeleted)
  remove(): void {}
}

function context(request: object): ExecutionContext {
  return {
    getHandler: () => Object.getOwnPropertyDescriptor(Routes.prototype, 'remove')!.value as () => void,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
}

/** The routes here name no target whose workspace is asked (`workspaceOf`). */
const noWorkspaces = { of: () => Promise.resolve(new Map()) } as unknown as AuditWorkspaces;

describe('AuditRecorder', () => {
  const request = {
    body: {},
    params: { id: '0b6f3a52-8d0e-4f0a-9a41-2f1f5e0c7a11' },
    query: {},
    headers: { 'user-agent': 'spec' },
    ip: '192.0.2.7',
    id: 'req-1',
    ctx: {
      requestId: 'req-1',
      caller: { kind: 'user', userId: 'u1', isAdmin: false, scopes: ['api:write'], via: 'session' },
    },
  };

  it('keeps one record of a completed audited route, with the address, user agent and request id', async () => {
    const outbox = new Kept();
    const recorder = new AuditRecorder(new Reflector(), outbox as unknown as AuditOutbox, noWorkspaces);
    const next: CallHandler = { handle: () => of({ ok: true }) };
    expect(await firstValueFrom(recorder.intercept(context(request), next))).toEqual({ ok: true });
    expect(outbox.records).toEqual([
      expect.objectContaining({
        action: 'connection.deleted',
        target_id: request.params.id,
        actor_user_id: 'u1',
        address: '192.0.2.7',
        user_agent: 'spec',
        request_id: 'req-1',
      }),
    ]);
  });

  it("names the target as the route's answer names it, and nothing when the answer does not", async () => {
    const outbox = new Kept();
    const recorder = new AuditRecorder(new Reflector(), outbox as unknown as AuditOutbox, noWorkspaces);
    const answer = {
      connection: { id: request.params.id, name: 'Corp platform', owner: { id: 'u1', name: 'Ada' } },
    };
    await firstValueFrom(recorder.intercept(context(request), { handle: () => of(answer) }));
    await firstValueFrom(recorder.intercept(context(request), { handle: () => of({ ok: true }) }));
    expect(outbox.records.map((r) => r.target_name)).toEqual(['Corp platform', null]);
  });

  it('answers 503 before the route acts when the outbox cannot keep a record', async () => {
    const outbox = new Kept();
    outbox.open = false;
    const recorder = new AuditRecorder(new Reflector(), outbox as unknown as AuditOutbox, noWorkspaces);
    let acted = false;
    const next: CallHandler = {
      handle: () => {
        acted = true;
        return of({ ok: true });
      },
    };
    const error = await firstValueFrom(recorder.intercept(context(request), next)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RemoteError);
    expect((error as RemoteError).payload).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(acted).toBe(false);
    expect(outbox.records).toEqual([]);
  });
});
