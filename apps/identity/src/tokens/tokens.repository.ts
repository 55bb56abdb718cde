import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';
import { AccessTokenEntity } from './access-token.entity';

@Injectable()
export class TokensRepository {
  private readonly tokens: Repository<AccessTokenEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.tokens = dataSource.getRepository(AccessTokenEntity);
  }

  /** Newest first; revoked and expired records stay listed, up to the most recent 500. */
  listForUser(userId: string): Promise<AccessTokenEntity[]> {
    return this.tokens.find({ where: { userId }, order: { createdAt: 'DESC' }, take: 500 });
  }

  countActive(userId: string): Promise<number> {
    return this.tokens
      .createQueryBuilder('t')
      .where('t.user_id = :userId AND t.revoked_at IS NULL', { userId })
      .andWhere('(t.expires_at IS NULL OR t.expires_at > now())')
      .getCount();
  }

  insert(fields: Partial<AccessTokenEntity>): Promise<AccessTokenEntity> {
    return this.tokens.save(this.tokens.create(fields));
  }

  findOwned(userId: string, id: string): Promise<AccessTokenEntity | null> {
    return this.tokens.findOneBy({ id, userId });
  }

  /** Neither revoked nor expired. */
  findUsable(tokenHash: string): Promise<AccessTokenEntity | null> {
    return this.tokens
      .createQueryBuilder('t')
      .where('t.token_hash = :tokenHash', { tokenHash })
      .andWhere('t.revoked_at IS NULL')
      .andWhere('(t.expires_at IS NULL OR t.expires_at > now())')
      .getOne();
  }

  /** Records use, at most once a minute per token, so that hot tokens do not write on every call. */
  async touch(id: string): Promise<void> {
    await this.tokens
      .createQueryBuilder()
      .update(AccessTokenEntity)
      .set({ lastUsedAt: () => 'now()' })
      .where('id = :id', { id })
      .andWhere(`(last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`)
      .execute();
  }

  /** Sets `revoked_at` once; returns the row as it is afterwards. */
  async revoke(userId: string, id: string): Promise<AccessTokenEntity | null> {
    await this.tokens
      .createQueryBuilder()
      .update(AccessTokenEntity)
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id, userId })
      .execute();
    return this.findOwned(userId, id);
  }
}
