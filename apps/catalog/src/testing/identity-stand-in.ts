import { Controller, type DynamicModule, Inject, Module } from '@nestjs/common';
import {
  type Envelope,
  type FindUsersRequest,
  IdentityRpc,
  type ResolveUserRequest,
  type UserSummary,
} from '@pc/contracts';
import { Handles, type ServiceDefinition } from '@pc/platform';

const USERS = Symbol('USERS');

/**
 * What the catalog asks of identity (who users are), answered on the test's bus from the users the
 * test made: the catalog's rules are tested without starting identity (apps never import apps), and
 * the real pair is exercised by the end-to-end files.
 */
@Controller()
class IdentityStandInHandler {
  constructor(@Inject(USERS) private readonly users: Map<string, UserSummary>) {}

  @Handles(IdentityRpc.findUsers)
  findUsers({ data }: Envelope<FindUsersRequest>) {
    return { users: data.ids.flatMap((id) => this.users.get(id) ?? []) };
  }

  @Handles(IdentityRpc.resolveUser)
  resolveUser({ data }: Envelope<ResolveUserRequest>) {
    const wanted = data.usernameOrEmail.replace(/^@/, '').toLowerCase();
    const user = [...this.users.values()].find(
      (u) => u.email.toLowerCase() === wanted || u.username?.toLowerCase() === wanted,
    );
    return { user: user ?? null };
  }
}

@Module({})
class IdentityStandInModule {}

export function identityStandIn(users: Map<string, UserSummary>): ServiceDefinition {
  const module: DynamicModule = {
    module: IdentityStandInModule,
    controllers: [IdentityStandInHandler],
    providers: [{ provide: USERS, useValue: users }],
  };
  return { name: 'identity', ping: IdentityRpc.ping, module };
}
