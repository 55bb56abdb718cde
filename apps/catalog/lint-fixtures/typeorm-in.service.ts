// Refused (no-restricted-imports): a service reaches its database through Database from @pc/platform.
import type { DataSource } from 'typeorm';

export type Source = DataSource;
