export { AdoptionModule } from './adoption.module';
