// Forbidden: production code never imports the test harness (checked by tools/check-boundaries.js).
import { HttpClient } from '@pc/testing';

export const fixture = HttpClient;
