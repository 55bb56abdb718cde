import { Controller } from '@nestjs/common';
import {
  type ConnectionCredentials,
  type ConnectionIdRequest,
  type ConnectionSummariesRequest,
  ConnectionsRpc,
  type CreateConnectionRequest,
  type Envelope,
  type UpdateConnectionRequest,
} from '@pc/contracts';
import { Handles } from '@pc/platform';
import { ConnectionsService } from './connections.service';

@Controller()
export class ConnectionsHandler {
  constructor(private readonly connections: ConnectionsService) {}

  @Handles(ConnectionsRpc.list)
  list({ ctx }: Envelope<Record<string, never>>) {
    return this.connections.list(ctx);
  }

  @Handles(ConnectionsRpc.create)
  create({ ctx, data }: Envelope<CreateConnectionRequest>) {
    return this.connections.create(ctx, data);
  }

  @Handles(ConnectionsRpc.validate)
  validate({ ctx, data }: Envelope<ConnectionCredentials>) {
    return this.connections.validate(ctx, data);
  }

  @Handles(ConnectionsRpc.get)
  get({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.get(ctx, data.id);
  }

  @Handles(ConnectionsRpc.update)
  update({ ctx, data }: Envelope<UpdateConnectionRequest>) {
    return this.connections.update(ctx, data);
  }

  @Handles(ConnectionsRpc.remove)
  remove({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.remove(ctx, data.id);
  }

  @Handles(ConnectionsRpc.sync)
  sync({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.sync(ctx, data.id);
  }

  @Handles(ConnectionsRpc.refresh)
  refresh({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.refresh(ctx, data.id);
  }

  @Handles(ConnectionsRpc.impact)
  impact({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.impact(ctx, data.id);
  }

  @Handles(ConnectionsRpc.listShares)
  shares({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.shares(ctx, data.id);
  }

  @Handles(ConnectionsRpc.ownership)
  ownership({ ctx, data }: Envelope<ConnectionIdRequest>) {
    return this.connections.ownership(ctx, data.id);
  }

  @Handles(ConnectionsRpc.summaries)
  summaries({ data }: Envelope<ConnectionSummariesRequest>) {
    return this.connections.summaries(data.ids);
  }
}
