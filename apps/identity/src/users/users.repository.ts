import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type Repository } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  private readonly users: Repository<UserEntity>;

  constructor(@Inject(DataSource) dataSource: DataSource) {
    this.users = dataSource.getRepository(UserEntity);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email: email.trim().toLowerCase() });
  }

  findByUsername(username: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ username: username.toLowerCase() });
  }

  findByIds(ids: string[]): Promise<UserEntity[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.users.findBy({ id: In(ids) });
  }

  save(user: UserEntity): Promise<UserEntity> {
    return this.users.save(user);
  }

  create(fields: Partial<UserEntity>): UserEntity {
    return this.users.create(fields);
  }
}
