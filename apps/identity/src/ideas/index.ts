export { IdeasModule } from './ideas.module';
