import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { SessionEntity } from './session.entity';

@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  create(userId: string, tokenHash: string, expiresAt: Date): Promise<SessionEntity> {
    return this.sessions.save(this.sessions.create({ userId, tokenHash, expiresAt }));
  }

  findLive(tokenHash: string): Promise<SessionEntity | null> {
    return this.sessions
      .createQueryBuilder('s')
      .where('s.token_hash = :tokenHash AND s.expires_at > now()', { tokenHash })
      .getOne();
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.sessions.delete({ tokenHash });
  }
}
