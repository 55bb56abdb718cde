export { ProfilesModule } from './profiles.module';
export { type ProfileRow, ProfilesRepository } from './profiles.repository';
