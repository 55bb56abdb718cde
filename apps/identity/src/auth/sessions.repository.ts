import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { SessionEntity } from './session.entity';

@Injectable()
export class SessionsRepository {
  private readonly sessions: Repository<SessionEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.sessions = dataSource.getRepository(SessionEntity);
  }

  create(userId: string, tokenHash: string, expiresAt: Date, db?: EntityManager): Promise<SessionEntity> {
    const repository = db ? db.getRepository(SessionEntity) : this.sessions;
    return repository.save(repository.create({ userId, tokenHash, expiresAt }));
  }

  /** Sessions past their expiry are of no use to anyone: removed in the background. */
  async deleteExpired(): Promise<number> {
    const result = await this.sessions.createQueryBuilder().delete().where('expires_at < now()').execute();
    return result.affected ?? 0;
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
