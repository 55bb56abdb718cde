export { UsersModule } from './users.module';
export { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from './password';
export { toUserProfile } from './user.mapper';
export type { UserRow } from './users.repository';
export { isUniqueViolation, UsersService } from './users.service';
