export { NotificationsModule } from './notifications.module';
export { NotificationsService, type ReviewDecided } from './notifications.service';
